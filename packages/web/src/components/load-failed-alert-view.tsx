import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import type { LoadFailedAlertProps } from './load-failed-alert';

/** The red notice a list or detail shows when its data could not be loaded, with a retry button. */
export default function LoadFailedAlertView({ title, error, onRetry }: LoadFailedAlertProps) {
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
