import { ModalsProvider } from '@mantine/modals';
import { useTranslation } from 'react-i18next';

/**
 * The confirm dialogs' host. Every caller opens them with `openConfirmModal` (an event, no context), so the host need
 * not wrap the app: it is loaded right after the first render, beside it (app/office-providers.tsx, ADR 0030).
 */
export default function ConfirmModals() {
  const { t } = useTranslation();
  return <ModalsProvider labels={{ confirm: t('common.yes'), cancel: t('common.no') }}>{null}</ModalsProvider>;
}
