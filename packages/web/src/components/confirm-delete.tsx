import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { i18n } from '../i18n';

export interface ConfirmDeleteOptions {
  /** The question, e.g. t('msg.company.delete.confirm'). */
  message: ReactNode;
  title?: ReactNode;
  /** Runs after Yes; errors are the caller's (a mutation shows its own notice). */
  onConfirm?: () => unknown;
}

/**
 * Asks before a delete (spec 000 section 8) with translated Yes/No; resolves true on Yes.
 * A plain function, not a hook, so it can be called from table row menus and mutation handlers alike.
 */
export function confirmDelete({ message, title, onConfirm }: ConfirmDeleteOptions): Promise<boolean> {
  return new Promise((resolve) => {
    openConfirmModal({
      title: title ?? i18n.t('notice.deleteTitle'),
      centered: true,
      children: <Text size="sm">{message}</Text>,
      labels: { confirm: i18n.t('common.yes'), cancel: i18n.t('common.no') },
      confirmProps: { color: 'red', 'data-autofocus': true },
      onConfirm: () => {
        resolve(true);
        onConfirm?.();
      },
      // Also fires after a confirm; the promise is settled by then, so this only covers Escape and No.
      onClose: () => resolve(false),
    });
  });
}
