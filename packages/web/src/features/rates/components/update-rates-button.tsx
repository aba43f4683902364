import { Button, type ButtonProps } from '@mantine/core';
import { formatBulletinDate } from '@isik/domain';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/api';
import { useUpdateRates } from '../api/rates-api';

/** "Update rates": asks the server to fetch the central-bank bulletin now and says what came of it. */
export function UpdateRatesButton(props: ButtonProps) {
  const { t } = useTranslation();
  const update = useUpdateRates();
  return (
    <Button
      leftSection={<IconRefresh size={16} />} loading={update.isPending} {...props}
      onClick={() => update.mutate(undefined, {
        onSuccess: (res) => notifySuccess(res.stored ? 'rates.updated' : 'rates.upToDate', { date: formatBulletinDate(res.today.bulletinDate, false) }),
        onError: (err) => notifyError(err, t('rates.updateFailed')),
      })}
    >
      {t('rates.update')}
    </Button>
  );
}
