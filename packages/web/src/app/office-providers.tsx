import { lazy, Suspense, type ReactNode } from 'react';
import { DatesProvider } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import 'dayjs/locale/tr';
import 'dayjs/locale/es';

// Mantine's Modal (with its scroll area and focus handling, about 30 KiB) is not needed for any first render.
const ConfirmModals = lazy(() => import('./confirm-modals'));

/**
 * What only the back office's screens use: the date pickers' locale and the confirm dialogs' host
 * (openConfirmModal). Inside AppProviders in the back office's entry; the public entry (ADR 0030) has neither.
 */
export function OfficeProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
      <Suspense fallback={null}>
        <ConfirmModals />
      </Suspense>
      {children}
    </DatesProvider>
  );
}
