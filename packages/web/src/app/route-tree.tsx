import type { RouteObject } from 'react-router';
import { ErrorPage } from '../components/error-page';
import type { AppRouteObject } from '../lib/routing';
import { RequireBackOffice } from './require-back-office';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { AppLayout } from './shell/app-layout';
import { BootSplash } from './boot-splash';

/**
 * Open routes (marked open in ROUTE_LEVELS) sit beside the back-office gate; all others behind it.
 * The catch-all is behind the gate too: a visitor on an unknown path goes to /web (spec 2.1),
 * a signed-in back-office user sees the 404 page.
 *
 * The public entry (public-main.tsx, ADR 0030) holds only open screens; its catch-all (`otherPaths`) hands every
 * other path to the back office's entry with a document load.
 */
export function buildRoutes(routes: AppRouteObject[], otherPaths?: RouteObject): RouteObject[] {
  const open = routes.filter((r) => r.handle.access.open);
  const guarded = routes.filter((r) => !r.handle.access.open);
  const rest: RouteObject = otherPaths ?? { element: <RequireBackOffice />, children: [...guarded, { path: '*', element: <ErrorPage variant="notFound" /> }] };
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      // While the first screen's lazy code loads, the plain top bar of index.html stays on screen.
      hydrateFallbackElement: <BootSplash />,
      children: [
        {
          element: <AppLayout />,
          children: [{ errorElement: <RouteError />, children: [...open, rest] }],
        },
      ],
    },
  ];
}
