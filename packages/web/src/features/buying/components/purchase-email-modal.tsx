import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Center, Group, Loader, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { EMAIL_RE, offerMailto, purchaseMailDraft, type PurchaseOrder } from '@isik/domain';
import { IconAlertTriangle, IconMail, IconPaperclip, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { tm } from '../../../i18n';
import { ApiError, notifyError, notifySuccess } from '../../../lib/api';
import { purchaseOrderQuery, useSendPurchaseEmail } from '../api/purchase-order-api';

/**
 * "E-mail to supplier" (issue 25, ADR 0040), like the offer's dialog: recipient, subject and message prefilled in the
 * supplier's language; the server attaches the order PDF. When it cannot send (503) the dialog offers a mailto link.
 */
export function PurchaseEmailModal({ buyingId, onClose }: { buyingId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const order = useQuery(purchaseOrderQuery(buyingId));
  return (
    <Modal opened onClose={onClose} title={t('buyings.order.emailTitle', { no: order.data?.siparis_no ?? '' })} size="lg" centered>
      {order.data ? <EmailForm order={order.data} buyingId={buyingId} onClose={onClose} /> : order.isError ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />}>{(order.error as Error).message}</Alert>
      ) : <Center p="lg"><Loader size="sm" /></Center>}
    </Modal>
  );
}

function EmailForm({ order, buyingId, onClose }: { order: PurchaseOrder; buyingId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [draft] = useState(() => purchaseMailDraft(order));
  const [to, setTo] = useState(draft.to);
  const [subject, setSubject] = useState(draft.subject);
  const [message, setMessage] = useState(draft.message);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [unavailable, setUnavailable] = useState<string | null>(null);
  const send = useSendPurchaseEmail();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The dialog opens from the purchase modal's form: its submit must not bubble (through React's tree) into that form's.
    e.stopPropagation();
    const found: Record<string, string | undefined> = {};
    if (!EMAIL_RE.test(to.trim())) found.to = tm(to.trim() ? 'user.email.invalid' : 'purchaseOrder.mail.noAddress');
    if (!subject.trim()) found.subject = tm('mail.subject.required');
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setUnavailable(null);
    send.mutate({ id: buyingId, body: { to: to.trim(), subject, message } }, {
      onSuccess: (r) => {
        notifySuccess('buyings.order.sent', { to: r.to, no: r.siparis_no });
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
    <form onSubmit={submit} noValidate data-testid="purchase-email-form">
      <Stack gap="sm">
        <TextInput label={t('buyings.order.to')} type="email" value={to} error={errors.to} required data-autofocus
          onChange={(e) => { setTo(e.currentTarget.value); setErrors((x) => ({ ...x, to: undefined })); }} />
        <TextInput label={t('buyings.order.subject')} value={subject} error={errors.subject} required
          onChange={(e) => { setSubject(e.currentTarget.value); setErrors((x) => ({ ...x, subject: undefined })); }} />
        <Textarea label={t('buyings.order.message')} value={message} error={errors.message} autosize minRows={6} maxRows={14}
          onChange={(e) => setMessage(e.currentTarget.value)} />
        <Group gap={6} c="dimmed">
          <IconPaperclip size={14} />
          <Text size="xs">{t('buyings.order.attached', { no: order.siparis_no })}</Text>
        </Group>
        {unavailable && (
          <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="purchase-email-unavailable">
            <Stack gap={6}>
              <Text size="sm">{unavailable}</Text>
              <Anchor href={offerMailto(to.trim(), subject, message)} size="sm">
                <IconMail size={14} style={{ verticalAlign: 'middle' }} /> {t('buyings.order.mailto')}
              </Anchor>
            </Stack>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" leftSection={<IconSend size={16} />} loading={send.isPending} data-testid="purchase-email-send">{t('buyings.order.send')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
