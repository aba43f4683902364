import { useState } from 'react';
import { offerMailDraft, type Offer, type OfferSettings } from '@isik/domain';
import { useTranslation } from 'react-i18next';
import { MailDialog } from '../../../components/mail-dialog';
import { notifySuccess } from '../../../lib/api';
import { useSendOfferEmail } from '../api/offer-mail-api';

/**
 * The offer screen's E-mail dialog (spec 001 2.10, DECISIONS 4): recipient, subject and message prefilled in the offer's
 * language; the server attaches the offer PDF and the order-tracking link. When it cannot send (503) the dialog offers
 * the same mail as a mailto link instead (the shared MailDialog).
 */
export function OfferEmailModal({ offer, settings, onClose }: { offer: Offer; settings: Pick<OfferSettings, 'mail_subject' | 'mail_text'>; onClose: () => void }) {
  const { t } = useTranslation();
  const [draft] = useState(() => offerMailDraft(offer, settings));
  const send = useSendOfferEmail();
  return (
    <MailDialog title={t('offers.email.title', { no: offer.teklif_no })} draft={draft} attached={t('offers.email.attached', { no: offer.teklif_no })}
      texts="offers.email" testId="offer-email" onClose={onClose}
      send={(body) => send.mutateAsync({ id: offer._id, body }).then((r) => notifySuccess('offers.email.sent', { to: r.to }))} />
  );
}
