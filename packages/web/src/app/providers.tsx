import { useEffect, useMemo, type ReactNode } from 'react';
import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { NOTICE_MS } from '@isik/domain';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../i18n';
import { queryClient } from '../lib/query-client';
import { useSettings } from '../lib/settings';
import { buildTheme, cssVariablesResolver } from './theme';

/** Keeps Mantine's direction (and html dir) in step with the RTL switch of the settings panel. */
function DirectionSync({ dir }: { dir: 'ltr' | 'rtl' }) {
  const { setDirection } = useDirection();
  useEffect(() => {
    setDirection(dir);
  }, [dir, setDirection]);
  return null;
}

function ThemedProviders({ children }: { children: ReactNode }) {
  const { t, i18n: instance } = useTranslation();
  const settings = useSettings();
  const theme = useMemo(() => buildTheme(settings.font), [settings.font]);
  const dir = settings.rtl ? 'rtl' : 'ltr';
  return (
    <DirectionProvider initialDirection={dir} detectDirection={false}>
      <DirectionSync dir={dir} />
      {/* Night mode is our own setting (persisted with the others), so the scheme is forced from it. */}
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme={settings.nightMode ? 'dark' : 'light'}>
        <DatesProvider settings={{ locale: instance.language, firstDayOfWeek: 1 }}>
          <QueryClientProvider client={queryClient}>
            <ModalsProvider labels={{ confirm: t('common.yes'), cancel: t('common.no') }}>
              <Notifications position="top-right" autoClose={NOTICE_MS} zIndex={2000} />
              {children}
            </ModalsProvider>
          </QueryClientProvider>
        </DatesProvider>
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
