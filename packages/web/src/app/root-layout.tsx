import { lazy, Suspense, useEffect, useState } from 'react';
import { canEnterBackOffice } from '@isik/domain';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { FullScreenLoader } from '../components/full-screen-loader';
import { useSession } from '../lib/session';

const LiveUpdates = lazy(() => import('./live-updates'));

/**
 * Above every page: waits for the stored token to be checked before any route judges access,
 * and keeps the live socket open for a signed-in session.
 */
export function RootLayout() {
  const { t } = useTranslation();
  const reauthing = useSession((s) => s.reauthing);
  const status = useSession((s) => s.status);
  // Only a back-office session has a live socket (the server admits roles <= 3); its code is asked for right after the
  // page's first commit, not during it (ADR 0030).
  const staff = useSession((s) => s.status === 'successful' && canEnterBackOffice(s.role));
  const [afterCommit, setAfterCommit] = useState(false);
  useEffect(() => setAfterCommit(staff), [staff]);
  const live = staff && afterCommit;

  if (reauthing && status !== 'successful') return <FullScreenLoader label={t('shell.reauthing')} />;
  return (
    <>
      <ScrollRestoration />
      {live && (
        <Suspense fallback={null}>
          <LiveUpdates />
        </Suspense>
      )}
      <Outlet />
      {/* A re-check after a 401 mid-session covers the page instead of unmounting it, so form input survives. */}
      {reauthing && <FullScreenLoader overlay label={t('shell.reauthing')} />}
    </>
  );
}
