import { isAllowed, routeLevel } from '@isik/domain';
import { useSession } from '../../../lib/session';

/** Whether the signed-in role may open a screen (role 3 sees names, not links, where a screen is above it). */
export function useCanOpen(pattern: string): boolean {
  const role = useSession((s) => s.role);
  return isAllowed(routeLevel(pattern), role);
}
