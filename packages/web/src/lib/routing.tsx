import { isValidElement, type ComponentType, type ReactNode } from 'react';
import { Navigate, type NonIndexRouteObject } from 'react-router';
import { ROUTE_LEVELS, canEnterBackOffice, isAllowed } from '@isik/domain';
import { ErrorPage } from '../components/error-page';
import { routeDictionariesReady } from '../i18n';
import { useSession } from './session';

export interface RouteAccess {
  pattern: string;
  /** Roles up to this number may open the route (ROUTE_LEVELS in @isik/domain). */
  level: number;
  /** Open routes need no session; all others sit behind the back-office gate. */
  open: boolean;
}

export type AppRouteObject = Omit<NonIndexRouteObject, 'path' | 'handle'> & { path: string; handle: { access: RouteAccess } };

export function routeAccess(pattern: string): RouteAccess {
  const def = ROUTE_LEVELS.find((r) => r.pattern === pattern);
  // Failing at start-up beats a screen that silently has no level: every route must be in the domain table.
  if (!def) throw new Error(`Route ${pattern} is not in ROUTE_LEVELS (@isik/domain)`);
  return { pattern, level: def.level, open: def.open === true };
}

const registered = new Set<string>();

/**
 * True when a screen is registered for this menu link. The menu (from @isik/domain) names every screen
 * of the product; entries whose screen is not built yet stay hidden instead of leading to a 404.
 */
export function isRegisteredRoute(to: string): boolean {
  return registered.has(to);
}

/**
 * Marks a menu link as served by a registered screen whose pattern differs from the link (a parameterised route
 * such as the device area's /:deviceScreen serving /streetlightmap).
 */
export function registerMenuLink(to: string): void {
  registered.add(to);
}

/**
 * Shows the page only to roles the route's level admits; everybody else gets the forbidden page. The home page `/`
 * is the dashboard of roles 0-2; role 3's home is the production dashboard (spec 000 6), so it goes there instead.
 */
export function RequireLevel({ level, children, pattern }: { level: number; children: ReactNode; pattern?: string }) {
  const role = useSession((s) => s.role);
  if (!isAllowed(level, role)) {
    if (pattern === '/' && canEnterBackOffice(role)) return <Navigate to="/productionDashBoard" replace />;
    return <ErrorPage variant="forbidden" />;
  }
  return children;
}

/** A screen's module loaded on first visit: `() => import('./routes/users-page').then((m) => m.UsersPage)`. */
export type PageLoader = () => Promise<ComponentType>;

/**
 * Declares one screen of a feature. `pattern` must be the exact pattern of ROUTE_LEVELS; the level
 * check is wrapped around protected screens here, so features never write guards themselves.
 * Pass a loader so the screen's code is fetched only when it is first opened (ADR 0018):
 *
 *   export const usersRoutes: AppRouteObject[] = [
 *     appRoute('/users', () => import('./routes/users-page').then((m) => m.UsersPage)),
 *   ];
 *
 * An element (`appRoute('/users', <UsersPage />)`) still works but puts the page into the first
 * download of every visitor; the bundle budget (bench/bundle-size.ts) catches that.
 */
export function appRoute(pattern: string, page: ReactNode | PageLoader, extra: Omit<AppRouteObject, 'path' | 'handle' | 'element' | 'lazy'> = {}): AppRouteObject {
  const access = routeAccess(pattern);
  registered.add(pattern);
  const guard = (element: ReactNode) => (access.open ? element : <RequireLevel level={access.level} pattern={pattern}>{element}</RequireLevel>);
  if (typeof page === 'function' && !isValidElement(page)) {
    const load = page as PageLoader;
    return {
      ...extra,
      path: pattern,
      handle: { access },
      lazy: async () => {
        // The screen's dictionary tier comes with its code (i18n/first-render.ts): no screen renders a key.
        const [Page] = await Promise.all([load(), routeDictionariesReady(pattern)]);
        return { element: guard(<Page />) };
      },
    };
  }
  return { ...extra, path: pattern, handle: { access }, element: guard(page as ReactNode) };
}
