import { matchPath } from 'react-router';
import { ROUTE_LEVELS } from '@isik/domain';

const OPEN_PATTERNS = ROUTE_LEVELS.filter((r) => r.open).map((r) => r.pattern);

/** True for the public area (catalogue, sign-in, order tracking, error pages): it needs no session. */
export function isOpenPath(pathname: string): boolean {
  return OPEN_PATTERNS.some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null);
}
