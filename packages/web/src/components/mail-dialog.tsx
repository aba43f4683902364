import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Anchor, Button, Center, Group, Loader, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { EMAIL_RE, offerMailto } from '@isik/domain';
import { IconAlertTriangle, IconMail, IconPaperclip, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { tm } from '../i18n';
import { ApiError, notifyError } from '../lib/api';

export interface MailDraft { to: string; subject: string; message: string }

export interface MailDialogProps {
  title: string;
  /** The prefilled mail; null while what it is made of is loading. */
  draft: MailDraft | null;
  /** Why the draft could not be made (its query failed). */
  loadError?: Error | null;
  /** The line under the message naming the attached document. */
  attached: string;
  /** The dialog's texts: `${texts}.to`, `.subject`, `.message`, `.send`, `.mailto` (offers.email, buyings.order). */
  texts: string;
  /** Test ids: `${testId}-form`, `-send`, `-unavailable`, `-mailto`. */
  testId: string;
  /** The message key shown when the recipient is blank (default: the address is not valid). */
  noAddress?: string;
  /** Sends it; a rejection with the server's 503 shows the mailto link, one with fields shows them under the fields. */
  send: (body: MailDraft) => Promise<unknown>;
  onClose: () => void;
}

/**
 * The one "E-mail" dialog (the offer's, spec 001 2.10, and the purchase order's, issue 25): recipient, subject and
 * message prefilled, the server attaches the document. When the server cannot send (503: no SMTP, or refused) it says
 * so and offers the same mail as a mailto link.
 */
export function MailDialog({ title, draft, loadError, onClose, ...form }: MailDialogProps) {
  let body: ReactNode;
  if (draft) body = <MailForm draft={draft} onClose={onClose} {...form} />;
  else if (loadError) body = <Alert color="red" icon={<IconAlertTriangle size={18} />}>{loadError.message}</Alert>;
  else body = <Center p="lg"><Loader size="sm" /></Center>;
  return <Modal opened onClose={onClose} title={title} size="lg" centered>{body}</Modal>;
}

function MailForm({ draft, attached, texts, testId, noAddress = 'user.email.invalid', send, onClose }: Omit<MailDialogProps, 'title' | 'loadError'> & { draft: MailDraft }) {
  const { t } = useTranslation();
  const [to, setTo] = useState(draft.to);
  const [subject, setSubject] = useState(draft.subject);
  const [message, setMessage] = useState(draft.message);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [unavailable, setUnavailable] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The dialog may open from another form (the purchase modal's): its submit must not bubble (through React's tree) into that one.
    e.stopPropagation();
    const found: Record<string, string | undefined> = {};
    if (!EMAIL_RE.test(to.trim())) found.to = tm(to.trim() ? 'user.email.invalid' : noAddress);
    if (!subject.trim()) found.subject = tm('mail.subject.required');
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setUnavailable(null);
    setSending(true);
    send({ to: to.trim(), subject, message }).then(onClose, (err: unknown) => {
      setSending(false);
      if (err instanceof ApiError && err.status === 503) setUnavailable(err.message);
      else if (err instanceof ApiError && err.fields) setErrors(err.fields);
      else notifyError(err);
    });
  };

  return (
    <form onSubmit={submit} noValidate data-testid={`${testId}-form`}>
      <Stack gap="sm">
        <TextInput label={t(`${texts}.to`)} type="email" value={to} error={errors.to} required data-autofocus
          onChange={(e) => { setTo(e.currentTarget.value); setErrors((x) => ({ ...x, to: undefined })); }} />
        <TextInput label={t(`${texts}.subject`)} value={subject} error={errors.subject} required
          onChange={(e) => { setSubject(e.currentTarget.value); setErrors((x) => ({ ...x, subject: undefined })); }} />
        <Textarea label={t(`${texts}.message`)} value={message} error={errors.message} autosize minRows={6} maxRows={14}
          onChange={(e) => setMessage(e.currentTarget.value)} />
        <Group gap={6} c="dimmed">
          <IconPaperclip size={14} />
          <Text size="xs">{attached}</Text>
        </Group>
        {unavailable && (
          <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid={`${testId}-unavailable`}>
            <Stack gap={6}>
              <Text size="sm">{unavailable}</Text>
              <Anchor href={offerMailto(to.trim(), subject, message)} size="sm" data-testid={`${testId}-mailto`}>
                <IconMail size={14} style={{ verticalAlign: 'middle' }} /> {t(`${texts}.mailto`)}
              </Anchor>
            </Stack>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" leftSection={<IconSend size={16} />} loading={sending} data-testid={`${testId}-send`}>{t(`${texts}.send`)}</Button>
        </Group>
      </Stack>
    </form>
  );
}
