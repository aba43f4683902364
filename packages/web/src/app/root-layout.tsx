import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { FullScreenLoader } from '../components/full-screen-loader';
import { useLiveUpdates } from '../lib/live';
import { useSession } from '../lib/session';

/**
 * Above every page: waits for the stored token to be checked before any route judges access,
 * and keeps the live socket open for a signed-in session.
 */
export function RootLayout() {
  const { t } = useTranslation();
  const reauthing = useSession((s) => s.reauthing);
  const status = useSession((s) => s.status);
  useLiveUpdates();

  if (reauthing && status !== 'successful') return <FullScreenLoader label={t('shell.reauthing')} />;
  return (
    <>
      <ScrollRestoration />
      <Outlet />
      {/* A re-check after a 401 mid-session covers the page instead of unmounting it, so form input survives. */}
      {reauthing && <FullScreenLoader overlay label={t('shell.reauthing')} />}
    </>
  );
}
