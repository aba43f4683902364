import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { ErrorPage } from '../components/error-page';

/**
 * The public entry's catch-all (ADR 0030): a path it does not hold (a back-office screen, after signing in or from
 * the menu) is loaded as a new document, which the server answers with the back office's entry. The loader runs before
 * the router commits the navigation and never settles, so the address bar and the page stay as they are until the
 * browser has the next document, and Back returns to the page before, as after any link.
 *
 * A first load on such a path (only a mismatched build could send one here) shows the not-found page instead of
 * loading itself again and again.
 */
export const backOfficePaths: RouteObject = {
  path: '*',
  loader: ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    if (url.pathname === window.location.pathname && url.search === window.location.search) return null;
    window.location.assign(url.pathname + url.search + url.hash);
    return new Promise<never>(() => {});
  },
  element: <ErrorPage variant="notFound" />,
};
