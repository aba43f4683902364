import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { purchaseMailDraft } from '@isik/domain';
import { useTranslation } from 'react-i18next';
import { MailDialog } from '../../../components/mail-dialog';
import { notifySuccess } from '../../../lib/api';
import { purchaseOrderQuery, useSendPurchaseEmail } from '../api/purchase-order-api';

/**
 * "E-mail to supplier" (issue 25, ADR 0040), the offer's dialog (the shared MailDialog): recipient, subject and message
 * prefilled in the supplier's language; the server attaches the order PDF. When it cannot send (503) the dialog offers
 * a mailto link.
 */
export function PurchaseEmailModal({ buyingId, onClose }: { buyingId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const order = useQuery(purchaseOrderQuery(buyingId));
  const draft = useMemo(() => (order.data ? purchaseMailDraft(order.data) : null), [order.data]);
  const send = useSendPurchaseEmail();
  const no = order.data?.siparis_no ?? '';
  return (
    <MailDialog title={t('buyings.order.emailTitle', { no })} draft={draft} loadError={order.isError ? order.error : null}
      attached={t('buyings.order.attached', { no })} texts="buyings.order" testId="purchase-email" noAddress="purchaseOrder.mail.noAddress" onClose={onClose}
      send={(body) => send.mutateAsync({ id: buyingId, body }).then((r) => notifySuccess('buyings.order.sent', { to: r.to, no: r.siparis_no }))} />
  );
}
