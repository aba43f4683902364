import { matchPath } from 'react-router';
import { ROUTE_LEVELS, canEnterBackOffice, isAllowed, routeLevel } from '@isik/domain';
import { safeStorage } from './store';

const KEY = 'returnPath';
/** Screens worth coming back to after signing in: the work order's QR links and every other back-office screen. */
const SCREENS = ROUTE_LEVELS.filter((r) => !r.open && r.pattern !== '*');
const OPEN = ROUTE_LEVELS.filter((r) => r.open);

function levelOf(pathname: string): number | null {
  if (OPEN.some((r) => matchPath({ path: r.pattern, end: true }, pathname) !== null)) return null;
  const hit = SCREENS.find((r) => matchPath({ path: r.pattern, end: true }, pathname) !== null);
  return hit ? hit.level : null;
}

/**
 * A signed-out visitor sent to /web from a back-office link (a QR code on the work order, a link in a mail)
 * keeps that link for this tab; signing in from there returns to it (spec 002 7).
 */
export function rememberReturnPath(pathname: string, search = ''): void {
  if (levelOf(pathname) === null) return;
  safeStorage('session')?.setItem(KEY, `${pathname}${search}`);
}

export function clearReturnPath(): void {
  safeStorage('session')?.removeItem(KEY);
}

/** The remembered link when this role may open it; otherwise null. */
export function returnPathFor(role: number | null | undefined): string | null {
  const stored = safeStorage('session')?.getItem(KEY);
  if (!stored || !stored.startsWith('/') || stored.startsWith('//')) return null;
  const level = levelOf(stored.split(/[?#]/)[0]);
  return level !== null && isAllowed(level, role) ? stored : null;
}

/**
 * Where a user belongs after signing in: a remembered link first; staff of roles 0-2 to the dashboard, role 3
 * (the production floor, whose menu is the production group) to the production dashboard, others to the catalogue.
 */
export function homeOf(role: number | null | undefined): string {
  const back = returnPathFor(role);
  if (back) return back;
  if (!canEnterBackOffice(role)) return '/web';
  return isAllowed(routeLevel('/'), role) ? '/' : '/productionDashBoard';
}
