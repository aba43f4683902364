import { useEffect } from 'react';
import { canEnterBackOffice } from '@isik/domain';
import { Navigate, Outlet, useLocation } from 'react-router';
import { clearReturnPath, rememberReturnPath } from '../lib/return-path';
import { useSession } from '../lib/session';

/**
 * Spec 000 2.1: every non-open path needs a successful session and role <= 3; anyone else goes to /web.
 * A signed-out visitor's link is kept, so signing in from /web returns to it (lib/return-path).
 */
export function RequireBackOffice() {
  const status = useSession((s) => s.status);
  const role = useSession((s) => s.role);
  const location = useLocation();
  const allowed = status === 'successful' && canEnterBackOffice(role);
  useEffect(() => {
    if (allowed) clearReturnPath();
  }, [allowed]);
  if (!allowed) {
    if (status !== 'successful') rememberReturnPath(location.pathname, location.search);
    return <Navigate to="/web" replace />;
  }
  return <Outlet />;
}
