import { canDo } from '@isik/domain';
import { useSession } from './session';

/**
 * Whether the signed-in role may do an action of the action table (docs/decisions/0036-action-table.md): a screen
 * shows a button only when this is true, and the server checks the same entry.
 */
export function useCanDo(key: string): boolean {
  const role = useSession((s) => s.role);
  return canDo(key, role);
}
