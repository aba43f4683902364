import type { ReactNode } from 'react';
import { Alert, Avatar, Button, Group, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A small square thumbnail; a photo icon stands in when there is no image. */
export function Thumb({ src, alt }: { src: string; alt: string }) {
  return (
    <Avatar src={src || null} alt={alt} radius="sm" size={40} color="gray" variant="light">
      <IconPhoto size={20} stroke={1.5} />
    </Avatar>
  );
}

/** The 'select' button of a picker row. */
export function SelectButton({ name, onClick }: { name: string; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      size="compact-sm"
      variant="light"
      onClick={(e) => {
        e.stopPropagation();
        onClick();
      }}
      aria-label={t('pickers.selectNamed', { name })}
      data-testid="picker-select"
    >
      {t('pickers.select')}
    </Button>
  );
}

/** Total count under the table, and a retry banner when the list could not load. */
export function PickerFooter({ count, children }: { count: number | undefined; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="center" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed">{count === undefined ? '' : t('pickers.count', { count })}</Text>
      {children}
    </Group>
  );
}

export function PickerError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" title={t('pickers.loadFailed')}>
      <Group gap="sm">
        <Text size="sm">{error.message}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>{t('pickers.retry')}</Button>
      </Group>
    </Alert>
  );
}
