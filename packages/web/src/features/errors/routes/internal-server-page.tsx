import { ErrorPage } from '../../../components/error-page';

export function InternalServerPage() {
  return <ErrorPage variant="internal" />;
}
