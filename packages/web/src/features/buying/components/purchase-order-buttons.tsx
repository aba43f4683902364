import { useState } from 'react';
import { Button } from '@mantine/core';
import { hasModulePermission, type Buying } from '@isik/domain';
import { IconMail, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { PurchaseEmailModal } from './purchase-email-modal';

/** Whether a purchase has an order document (1 Order, 2 Control, 3 Completed; ADR 0040). */
export const hasOrderDocument = (b: Pick<Buying, 'satinalma_durumu'>) => b.satinalma_durumu >= 1 && b.satinalma_durumu <= 3;

/** The purchase modal's "Print order" and "E-mail to supplier" (issue 25), for a saved purchase at status 1-3. */
export function PurchaseOrderButtons({ buying }: { buying: Buying }) {
  const { t } = useTranslation();
  const permissions = useSession((s) => s.user?.permissions);
  const [mailing, setMailing] = useState(false);
  if (!hasOrderDocument(buying)) return null;
  return (
    <>
      <Button component="a" href={`/pdf/purchase/${encodeURIComponent(buying._id)}`} target="_blank" rel="noopener" variant="light"
        leftSection={<IconPrinter size={18} />} data-testid="purchase-print">
        {t('buyings.order.print')}
      </Button>
      {hasModulePermission(permissions, 'buying', 'write') && (
        <Button variant="light" leftSection={<IconMail size={18} />} onClick={() => setMailing(true)} data-testid="purchase-email">{t('buyings.order.email')}</Button>
      )}
      {mailing && <PurchaseEmailModal buyingId={buying._id} onClose={() => setMailing(false)} />}
    </>
  );
}
