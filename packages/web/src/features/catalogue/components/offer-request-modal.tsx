import { useState } from 'react';
import { Alert, Anchor, Button, Group, Modal, NumberInput, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { EMAIL_RE } from '@isik/domain';
import { IconInfoCircle, IconMail, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError, notifyError, notifySuccess } from '../../../lib/api';
import { sendOfferRequest, type OfferRequestBody } from '../api/catalogue-api';

/**
 * Where visitors write when online requests cannot be sent yet. The product has no company contact
 * setting so far; this is the one place to change it.
 */
export const SALES_EMAIL = 'info@isikled.com';
export const OFFER_MESSAGE_MAX = 2000;

interface Values { name: string; company: string; email: string; phone: string; quantity: number | string; message: string }

export interface OfferRequestProduct { id: string; code: string; name: string; lang: 'tr' | 'en' }

/** A mailto: link to the sales office carrying what the visitor typed. */
export function offerMailto(subject: string, lines: string[]): string {
  return `mailto:${SALES_EMAIL}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(lines.join('\n'))}`;
}

/**
 * 'Request offer' (DECISIONS 9): a short form that asks the office for an offer. It posts to
 * /api/web/offer-requests; while the server has no such endpoint (404) the visitor is told so
 * honestly and offered an e-mail to the sales office instead.
 */
export function OfferRequestModal({ opened, onClose, product }: { opened: boolean; onClose: () => void; product: OfferRequestProduct }) {
  const { t } = useTranslation();
  const [unavailable, setUnavailable] = useState(false);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { name: '', company: '', email: '', phone: '', quantity: 1, message: '' },
    validate: {
      name: (v) => (v.trim().length >= 3 ? null : t('catalogue.offer.error.name')),
      company: (v) => (v.trim().length >= 2 ? null : t('catalogue.offer.error.company')),
      email: (v) => (EMAIL_RE.test(v.trim()) ? null : t('catalogue.offer.error.email')),
      phone: (v) => (v.trim() === '' || /^\+?[\d\s()-]{7,20}$/.test(v.trim()) ? null : t('catalogue.offer.error.phone')),
      quantity: (v) => (Number.isInteger(Number(v)) && Number(v) >= 1 ? null : t('catalogue.offer.error.quantity')),
      message: (v) => (v.length <= OFFER_MESSAGE_MAX ? null : t('catalogue.offer.error.message')),
    },
  });

  const send = useMutation({
    mutationFn: (body: OfferRequestBody) => sendOfferRequest(body),
    onSuccess: () => {
      notifySuccess('catalogue.offer.sent');
      form.reset();
      onClose();
    },
    onError: (err) => {
      // The endpoint is missing (404 for an unknown route, not a 404 about the product): say so honestly.
      if (err instanceof ApiError && ((err.status === 404 && err.code !== 'error.notFound') || err.status === 405 || err.status === 501)) {
        setUnavailable(true);
        return;
      }
      if (err instanceof ApiError && err.fields) form.setErrors(err.fields);
      notifyError(err);
    },
  });

  const v = form.getValues();
  const subject = t('catalogue.offer.mailSubject', { product: `${product.code} – ${product.name}` });
  const mailto = offerMailto(subject, [
    `${t('catalogue.field.code')}: ${product.code}`,
    `${t('catalogue.offer.quantity')}: ${v.quantity}`,
    `${t('catalogue.offer.name')}: ${v.name}`,
    `${t('catalogue.offer.company')}: ${v.company}`,
    `${t('catalogue.offer.email')}: ${v.email}`,
    `${t('catalogue.offer.phone')}: ${v.phone}`,
    '',
    v.message,
  ]);

  const close = () => {
    setUnavailable(false);
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={t('catalogue.offer.title')} size="lg" centered>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          send.mutate({
            productId: product.id, urun_kodu: product.code, lang: product.lang,
            name: values.name.trim(), company: values.company.trim(), email: values.email.trim(), phone: values.phone.trim(),
            quantity: Number(values.quantity), message: values.message.trim(),
          }),
        )}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">{t('catalogue.offer.intro', { product: product.name })}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('catalogue.offer.name')} withAsterisk autoComplete="name" {...form.getInputProps('name')} name="name" />
            <TextInput label={t('catalogue.offer.company')} withAsterisk autoComplete="organization" {...form.getInputProps('company')} name="company" />
            <TextInput label={t('catalogue.offer.email')} type="email" withAsterisk autoComplete="email" {...form.getInputProps('email')} name="email" />
            <TextInput label={t('catalogue.offer.phone')} type="tel" autoComplete="tel" {...form.getInputProps('phone')} name="phone" />
            <NumberInput label={t('catalogue.offer.quantity')} withAsterisk min={1} max={1_000_000} allowDecimal={false} allowNegative={false} thousandSeparator="." decimalSeparator="," {...form.getInputProps('quantity')} name="quantity" />
          </SimpleGrid>
          <Textarea label={t('catalogue.offer.message')} autosize minRows={3} maxRows={8} maxLength={OFFER_MESSAGE_MAX} {...form.getInputProps('message')} name="message" />
          {unavailable && (
            <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />} title={t('catalogue.offer.unavailableTitle')} data-testid="offer-unavailable">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{t('catalogue.offer.unavailableText')}</Text>
                <Anchor href={mailto} size="sm" fw={600}>
                  <Group gap={6} component="span"><IconMail size={16} />{t('catalogue.offer.mailOffice')} ({SALES_EMAIL})</Group>
                </Anchor>
              </Stack>
            </Alert>
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={close}>{t('common.cancel')}</Button>
            <Button type="submit" loading={send.isPending} leftSection={<IconSend size={16} />}>{t('catalogue.offer.send')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
