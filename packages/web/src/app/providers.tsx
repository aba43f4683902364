import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n';
import { queryClient } from '../lib/query-client';
import { useSettings } from '../lib/settings';
import { buildTheme, cssVariablesResolver } from './theme';

const Notices = lazy(() => import('./notices'));

/**
 * The notices' container is fetched with the first notice (notices wait in Mantine's store until it is in), so no
 * page's first download carries it (ADR 0030).
 */
function NoticesHost() {
  const anyNotice = useNotifications().notifications.length > 0;
  const [needed, setNeeded] = useState(false);
  if (anyNotice && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Notices />
    </Suspense>
  ) : null;
}

/** Keeps Mantine's direction (and html dir) in step with the RTL switch of the settings panel. */
function DirectionSync({ dir }: { dir: 'ltr' | 'rtl' }) {
  const { setDirection } = useDirection();
  useEffect(() => {
    setDirection(dir);
  }, [dir, setDirection]);
  return null;
}

function ThemedProviders({ children }: { children: ReactNode }) {
  const settings = useSettings();
  const theme = useMemo(() => buildTheme(settings.font), [settings.font]);
  const dir = settings.rtl ? 'rtl' : 'ltr';
  return (
    <DirectionProvider initialDirection={dir} detectDirection={false}>
      <DirectionSync dir={dir} />
      {/* Night mode is our own setting (persisted with the others), so the scheme is forced from it. */}
      {/* Every theme variable from here: the base styles leave out Mantine's default-css-variables sheet (ADR 0030). */}
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} deduplicateCssVariables={false} forceColorScheme={settings.nightMode ? 'dark' : 'light'}>
        <QueryClientProvider client={queryClient}>
          <NoticesHost />
          {children}
        </QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemedProviders>{children}</ThemedProviders>
    </I18nextProvider>
  );
}
