import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorPage } from '../components/error-page';

/** A screen that throws while rendering shows the error page inside the shell instead of a blank window. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <ErrorPage variant="notFound" />;
  const detail = import.meta.env.DEV && error instanceof Error ? error.message : undefined;
  return <ErrorPage variant="crashed" detail={detail} />;
}
