import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { EMAIL_RE, offerMailDraft, offerMailto, type Offer, type OfferSettings } from '@isik/domain';
import { IconAlertTriangle, IconMail, IconPaperclip, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { tm } from '../../../i18n';
import { ApiError, notifyError, notifySuccess } from '../../../lib/api';
import { useSendOfferEmail } from '../api/offer-mail-api';

/**
 * The offer screen's E-mail dialog (spec 001 2.10, DECISIONS 4): recipient, subject and message prefilled in the offer's
 * language; the server attaches the offer PDF and the order-tracking link. When it cannot send (503) the dialog offers
 * the same mail as a mailto link instead.
 */
export function OfferEmailModal({ offer, settings, onClose }: { offer: Offer; settings: Pick<OfferSettings, 'mail_subject' | 'mail_text'>; onClose: () => void }) {
  const { t } = useTranslation();
  const [draft] = useState(() => offerMailDraft(offer, settings));
  const [to, setTo] = useState(draft.to);
  const [subject, setSubject] = useState(draft.subject);
  const [message, setMessage] = useState(draft.message);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [unavailable, setUnavailable] = useState<string | null>(null);
  const send = useSendOfferEmail();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string | undefined> = {};
    if (!EMAIL_RE.test(to.trim())) found.to = tm('user.email.invalid');
    if (!subject.trim()) found.subject = tm('mail.subject.required');
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setUnavailable(null);
    send.mutate({ id: offer._id, body: { to: to.trim(), subject, message } }, {
      onSuccess: (r) => {
        notifySuccess('offers.email.sent', { to: r.to });
        onClose();
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status === 503) setUnavailable(err.message);
        else if (err instanceof ApiError && err.fields) setErrors(err.fields);
        else notifyError(err);
      },
    });
  };

  return (
    <Modal opened onClose={onClose} title={t('offers.email.title', { no: offer.teklif_no })} size="lg" centered>
      <form onSubmit={submit} noValidate data-testid="offer-email-form">
        <Stack gap="sm">
          <TextInput label={t('offers.email.to')} type="email" value={to} error={errors.to} required data-autofocus
            onChange={(e) => { setTo(e.currentTarget.value); setErrors((x) => ({ ...x, to: undefined })); }} />
          <TextInput label={t('offers.email.subject')} value={subject} error={errors.subject} required
            onChange={(e) => { setSubject(e.currentTarget.value); setErrors((x) => ({ ...x, subject: undefined })); }} />
          <Textarea label={t('offers.email.message')} value={message} error={errors.message} autosize minRows={6} maxRows={14}
            onChange={(e) => setMessage(e.currentTarget.value)} />
          <Group gap={6} c="dimmed">
            <IconPaperclip size={14} />
            <Text size="xs">{t('offers.email.attached', { no: offer.teklif_no })}</Text>
          </Group>
          {unavailable && (
            <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="offer-email-unavailable">
              <Stack gap={6}>
                <Text size="sm">{unavailable}</Text>
                <Anchor href={offerMailto(to.trim(), subject, message)} size="sm" data-testid="offer-email-mailto">
                  <IconMail size={14} style={{ verticalAlign: 'middle' }} /> {t('offers.email.mailto')}
                </Anchor>
              </Stack>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="submit" leftSection={<IconSend size={16} />} loading={send.isPending} data-testid="offer-email-send">{t('offers.email.send')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
