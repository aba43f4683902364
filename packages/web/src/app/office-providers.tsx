import type { ReactNode } from 'react';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import 'dayjs/locale/tr';
import 'dayjs/locale/es';

/**
 * What only the back office's screens use: the date pickers' locale and the confirm dialogs (openConfirmModal).
 * Inside AppProviders in the back office's entry; the public entry (ADR 0030) has neither.
 */
export function OfficeProviders({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  return (
    <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
      <ModalsProvider labels={{ confirm: t('common.yes'), cancel: t('common.no') }}>{children}</ModalsProvider>
    </DatesProvider>
  );
}
