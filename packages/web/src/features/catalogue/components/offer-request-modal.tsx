import { useState } from 'react';
import { Alert, Anchor, Box, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { issuesToFields, OFFER_REQUEST_HONEYPOT, OFFER_REQUEST_MESSAGE_MAX, OFFER_REQUEST_QTY_MAX, offerRequestSchema } from '@isik/domain';
import { IconCircleCheck, IconMail, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { tm } from '../../../i18n';
import { fieldErrorsOf, notifyError } from '../../../lib/api';
import { publicCompanyQuery, sendOfferRequest, type OfferRequestBody } from '../api/catalogue-api';
import { NumberField } from '../../../components/number-field';

export const OFFER_MESSAGE_MAX = OFFER_REQUEST_MESSAGE_MAX;

interface Values { name: string; company: string; email: string; phone: string; quantity: number | string; message: string; website: string }

export interface OfferRequestProduct { id: string; code: string; name: string; lang: 'tr' | 'en' }

/** A mailto: link to the sales office carrying what the visitor typed. */
export function offerMailto(to: string, subject: string, lines: string[]): string {
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(lines.join('\n'))}`;
}

function bodyOf(product: OfferRequestProduct, v: Values): OfferRequestBody {
  return {
    productId: product.id, urun_kodu: product.code, lang: product.lang,
    name: v.name.trim(), company: v.company.trim(), email: v.email.trim(), phone: v.phone.trim(),
    quantity: Number(v.quantity), message: v.message.trim(), [OFFER_REQUEST_HONEYPOT]: v.website,
  };
}

/**
 * 'Request offer' (DECISIONS 9): a short form that creates a draft offer and a to-do for the office
 * (POST /api/web/offer-requests). The form checks the same schema as the server; the answer's offer
 * number is shown. The own company's e-mail (GET /api/web/company) is offered too, when there is one.
 */
export function OfferRequestModal({ opened, onClose, product }: { opened: boolean; onClose: () => void; product: OfferRequestProduct }) {
  const { t } = useTranslation();
  const [offerNo, setOfferNo] = useState<string | null>(null);
  const company = useQuery({ ...publicCompanyQuery(), enabled: opened });
  const salesEmail = company.data?.sirket_email || null;
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { name: '', company: '', email: '', phone: '', quantity: 1, message: '', website: '' },
    validate: (values) => {
      const parsed = offerRequestSchema.safeParse(bodyOf(product, values));
      if (parsed.success) return {};
      return Object.fromEntries(Object.entries(issuesToFields(parsed.error.issues)).map(([k, key]) => [k, tm(key)]));
    },
  });

  const send = useMutation({
    mutationFn: (body: OfferRequestBody) => sendOfferRequest(body),
    onSuccess: (res) => {
      setOfferNo(res.offerNo);
      form.reset();
    },
    onError: (err) => {
      const fields = fieldErrorsOf(err);
      if (fields) form.setErrors(fields);
      notifyError(err);
    },
  });

  const v = form.getValues();
  const subject = t('catalogue.offer.mailSubject', { product: `${product.code} – ${product.name}` });
  const mailto = salesEmail ? offerMailto(salesEmail, subject, [
    `${t('catalogue.field.code')}: ${product.code}`,
    `${t('catalogue.offer.quantity')}: ${v.quantity}`,
    `${t('catalogue.offer.name')}: ${v.name}`,
    `${t('catalogue.offer.company')}: ${v.company}`,
    `${t('catalogue.offer.email')}: ${v.email}`,
    `${t('catalogue.offer.phone')}: ${v.phone}`,
    '',
    v.message,
  ]) : null;

  const close = () => {
    setOfferNo(null);
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={t('catalogue.offer.title')} size="lg" centered>
      {offerNo !== null ? (
        <Stack gap="md" data-testid="offer-sent">
          <Alert color="green" variant="light" icon={<IconCircleCheck size={20} />} title={t('catalogue.offer.sentTitle')}>
            <Stack gap={4}>
              <Text size="sm">{t('catalogue.offer.sent')}</Text>
              {offerNo && <Text size="sm">{t('catalogue.offer.reference')} <Text span fw={700} data-testid="offer-no">{offerNo}</Text></Text>}
            </Stack>
          </Alert>
          <Group justify="flex-end">
            <Button onClick={close}>{t('common.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <form noValidate onSubmit={form.onSubmit((values) => send.mutate(bodyOf(product, values)))}>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">{t('catalogue.offer.intro', { product: product.name })}</Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label={t('catalogue.offer.name')} withAsterisk autoComplete="name" {...form.getInputProps('name')} name="name" />
              <TextInput label={t('catalogue.offer.company')} autoComplete="organization" {...form.getInputProps('company')} name="company" />
              <TextInput label={t('catalogue.offer.email')} type="email" withAsterisk autoComplete="email" {...form.getInputProps('email')} name="email" />
              <TextInput label={t('catalogue.offer.phone')} type="tel" autoComplete="tel" {...form.getInputProps('phone')} name="phone" />
              <NumberField label={t('catalogue.offer.quantity')} withAsterisk min={1} max={OFFER_REQUEST_QTY_MAX} allowDecimal={false} allowNegative={false} thousandSeparator="." decimalSeparator="," {...form.getInputProps('quantity')} name="quantity" />
            </SimpleGrid>
            <Textarea label={t('catalogue.offer.message')} autosize minRows={3} maxRows={8} maxLength={OFFER_MESSAGE_MAX} {...form.getInputProps('message')} name="message" />
            {/* Honeypot: people never see or fill it; a bot that does is answered "sent" and nothing is stored. */}
            <Box aria-hidden style={{ position: 'absolute', left: -10000, top: 'auto', width: 1, height: 1, overflow: 'hidden' }}>
              <label>
                Website
                <input type="text" tabIndex={-1} autoComplete="off" {...form.getInputProps('website')} name={OFFER_REQUEST_HONEYPOT} />
              </label>
            </Box>
            {mailto && salesEmail && (
              <Text size="sm" c="dimmed" data-testid="offer-mail">
                {t('catalogue.offer.orMail')}{' '}
                <Anchor href={mailto} size="sm" fw={600}>
                  <Group gap={4} component="span" display="inline-flex"><IconMail size={14} />{salesEmail}</Group>
                </Anchor>
              </Text>
            )}
            <Group justify="flex-end" mt="xs">
              <Button variant="default" onClick={close}>{t('common.cancel')}</Button>
              <Button type="submit" loading={send.isPending} leftSection={<IconSend size={16} />}>{t('catalogue.offer.send')}</Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
