import { canEnterBackOffice } from '@isik/domain';
import { Navigate, Outlet } from 'react-router';
import { useSession } from '../lib/session';

/** Spec 000 2.1: every non-open path needs a successful session and role <= 3; anyone else goes to /web. */
export function RequireBackOffice() {
  const status = useSession((s) => s.status);
  const role = useSession((s) => s.role);
  if (status !== 'successful' || !canEnterBackOffice(role)) return <Navigate to="/web" replace />;
  return <Outlet />;
}
