import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface LoadFailedAlertProps {
  title: ReactNode;
  /** The failed query's error; its message is already in the user's language. */
  error: { message: string } | null | undefined;
  onRetry: () => void;
}

/** The red notice a list or detail shows when its data could not be loaded, with a retry button. */
export function LoadFailedAlert({ title, error, onRetry }: LoadFailedAlertProps) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" title={title}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{error?.message}</Text>
        <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={16} />} onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
