import type { ReactNode } from 'react';
import { ActionIcon, Button, Group, Menu, Text } from '@mantine/core';
import { IconClipboardCopy, IconClipboardText, IconDots, IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyFailure, notifySuccess } from '../../../lib/api';
import { copyRows, pasteRows, type ClipboardKind } from '../model/product-values';

/** Title, add row and (for specs and production) copy / paste of the rows between products. */
export function RowToolbar<T>({ title, onAdd, clipboard, rows, onPaste, extra }: {
  title: ReactNode;
  onAdd: () => void;
  clipboard?: ClipboardKind;
  rows?: T[];
  onPaste?: (rows: T[]) => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const copy = () => {
    if (!clipboard || !rows) return;
    copyRows(clipboard, rows);
    notifySuccess('products.clipboard.copied', { count: rows.length });
  };
  const paste = () => {
    if (!clipboard || !onPaste) return;
    const got = pasteRows<T>(clipboard);
    if (got === 'mismatch') notifyFailure(t('products.clipboard.mismatch'));
    else if (got === 'empty') notifyFailure(t('products.clipboard.failed'));
    else {
      onPaste(got);
      notifySuccess('products.clipboard.pasted', { count: got.length });
    }
  };
  return (
    <Group justify="space-between" mb="sm" wrap="wrap">
      <Text fw={600}>{title}</Text>
      <Group gap="xs">
        {extra}
        {clipboard && (
          <>
            <Button size="xs" variant="default" leftSection={<IconClipboardCopy size={16} />} onClick={copy} disabled={!rows?.length}>{t('products.clipboard.copy')}</Button>
            <Button size="xs" variant="default" leftSection={<IconClipboardText size={16} />} onClick={paste}>{t('products.clipboard.paste')}</Button>
          </>
        )}
        <Button size="xs" leftSection={<IconPlus size={16} />} onClick={onAdd}>{t('products.detail.addRow')}</Button>
      </Group>
    </Group>
  );
}

/** Edit / delete menu of a table row. */
export function RowMenu({ onEdit, onDelete, children }: { onEdit?: () => void; onDelete?: () => void; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('products.list.rowActions')} onClick={(e) => e.stopPropagation()}><IconDots size={18} /></ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {onEdit && <Menu.Item leftSection={<IconEdit size={16} />} onClick={onEdit}>{t('common.edit')}</Menu.Item>}
        {children}
        {onDelete && <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>{t('common.delete')}</Menu.Item>}
      </Menu.Dropdown>
    </Menu>
  );
}
