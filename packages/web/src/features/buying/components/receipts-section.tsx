import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { openConfirmModal } from '@mantine/modals';
import {
  BUYING_QTY_PLACES, BUYING_RECEIVABLE, dec, formatDate, formatNumber, hasModulePermission, readDecimal, receiptInputSchema, type Buying,
} from '@isik/domain';
import { IconCalendar, IconPackageImport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { tm } from '../../../i18n';
import { EntryTable } from '../../../components/entry-table';
import { NumberField, type NumberFieldValue } from '../../../components/number-field';
import { ApiError, fieldErrorsOf, notifyError, notifySuccess } from '../../../lib/api';
import { useCanDo } from '../../../lib/can-do';
import { useSession } from '../../../lib/session';
import { useDeleteReceipt, useReceive } from '../api/receipts-api';
import { toBodyDate, toInputDate } from '../model/buying-values';

type Field = 'qty' | 'date' | 'note';
const NUM = { decimalSeparator: ',', thousandSeparator: '.' } as const;
const fmt = (n: number | string) => formatNumber(n, BUYING_QTY_PLACES);

/**
 * A purchase's receipts (issue 25, ADR 0045): what was ordered, received and is still due, each receipt with its
 * date, quantity, note and who took it (delete asks first and reverses its stock entry), and the form that receives
 * the next part: the quantity defaults to what is due, the date to today; more than is due asks first.
 */
export function ReceiptsSection({ buying }: { buying: Buying }) {
  const { t } = useTranslation();
  const permissions = useSession((s) => s.user?.permissions);
  const canReceive = useCanDo('POST /api/buying/receive/:id') && hasModulePermission(permissions, 'buying', 'write');
  const canDelete = useCanDo('DELETE /api/buying/receipts/:id') && hasModulePermission(permissions, 'buying', 'delete');
  const receive = useReceive(buying._id);
  const remove = useDeleteReceipt();
  const [qty, setQty] = useState<NumberFieldValue>(buying.due > 0 ? buying.due : '');
  const [date, setDate] = useState(toInputDate(new Date()));
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [shownDue, setShownDue] = useState(buying.due);
  // What is due changed (a receipt here or elsewhere): the quantity follows it.
  if (shownDue !== buying.due) {
    setShownDue(buying.due);
    setQty(buying.due > 0 ? buying.due : '');
  }

  const receipts = buying.receipts ?? [];
  const open = BUYING_RECEIVABLE.includes(buying.satinalma_durumu);
  if (buying.satinalma_durumu === 0 && receipts.length === 0) return null;
  const unit = buying.material_unit;

  const send = (overReceipt: boolean) => {
    const body = { qty, date: toBodyDate(date), note, ...(overReceipt ? { overReceipt } : {}) };
    receive.mutate(body, {
      onSuccess: () => {
        notifySuccess('receipt.created');
        setNote('');
        setErrors({});
      },
      onError: (e) => {
        if (e instanceof ApiError && e.code === 'receipt.qty.over' && !overReceipt) return askOver();
        const fields = fieldErrorsOf(e);
        if (fields) setErrors(fields);
        else notifyError(e);
      },
    });
  };
  const askOver = () => openConfirmModal({
    title: t('buyings.receipts.overTitle'),
    centered: true,
    children: <Text size="sm">{t('buyings.receipts.overMessage', { qty: fmt(readDecimal(qty) ?? 0), due: fmt(buying.due), unit })}</Text>,
    labels: { confirm: t('buyings.receipts.receive'), cancel: t('common.cancel') },
    confirmProps: { color: 'orange', 'data-autofocus': true },
    onConfirm: () => send(true),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = receiptInputSchema.safeParse({ qty, date: toBodyDate(date), note });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), tm(i.message)])));
      return;
    }
    setErrors({});
    if (dec(parsed.data.qty).gt(buying.due)) askOver();
    else send(false);
  };

  return (
    <Paper withBorder radius="md" p="sm" data-testid="receipts">
      <Stack gap="sm">
        <Title order={5}>{t('buyings.receipts.title')}</Title>
        <SimpleGrid cols={3} spacing="xs">
          <Figure label={t('buyings.receipts.ordered')} value={`${fmt(buying.material_qty)} ${unit}`} testId="receipts-ordered" />
          <Figure label={t('buyings.receipts.received')} value={`${fmt(buying.received)} ${unit}`} testId="receipts-received" />
          <Figure label={t('buyings.receipts.due')} value={`${fmt(buying.due)} ${unit}`} testId="receipts-due" />
        </SimpleGrid>
        {!buying.receipts ? null : receipts.length === 0 ? <Text size="sm" c="dimmed">{t('buyings.receipts.none')}</Text> : (
          <EntryTable
            rows={receipts} minWidth={520} testId="receipts-table"
            columns={[
              { key: 'date', header: t('buyings.receipts.date'), render: (r) => formatDate(r.date) },
              { key: 'qty', header: t('buyings.receipts.qty'), align: 'right', nowrap: true, render: (r) => <>{fmt(r.qty)} {unit}</> },
              { key: 'note', header: t('buyings.receipts.note'), render: (r) => <Text size="sm" lineClamp={2}>{r.note}</Text> },
              { key: 'person', header: t('buyings.receipts.person'), render: (r) => r.person },
            ]}
            remove={canDelete ? {
              label: t('buyings.receipts.delete'), message: t('msg.receipt.delete.confirm'),
              pendingId: remove.isPending ? remove.variables : undefined,
              onConfirm: (r) => remove.mutate(r._id, { onSuccess: () => notifySuccess('receipt.deleted'), onError: (e) => notifyError(e) }),
            } : undefined}
          />
        )}
        {buying.satinalma_durumu === 4 && receipts.length > 0 && <Text size="xs" c="dimmed">{t('buyings.receipts.canceledHint')}</Text>}
        {open && canReceive && (
          <form onSubmit={submit} noValidate aria-label={t('buyings.receipts.receive')}>
            <Group align="flex-start" gap="sm" wrap="wrap">
              <NumberField
                label={t('buyings.receipts.qty')} withAsterisk min={0} decimalScale={BUYING_QTY_PLACES} {...NUM} w={150}
                rightSection={<Text size="xs" c="dimmed">{unit}</Text>} rightSectionWidth={48}
                value={qty} onChange={setQty} error={errors.qty} name="qty" data-testid="receipt-qty"
              />
              <DateInput
                label={t('buyings.receipts.date')} valueFormat="DD.MM.YYYY" leftSection={<IconCalendar size={16} />} w={160}
                value={date || null} onChange={(d) => setDate(d ?? '')} error={errors.date} data-testid="receipt-date"
              />
              <TextInput
                label={t('buyings.receipts.note')} maxLength={500} style={{ flex: 1, minWidth: 160 }}
                value={note} onChange={(e) => setNote(e.currentTarget.value)} error={errors.note} name="note" data-testid="receipt-note"
              />
              <Button type="submit" mt={25} leftSection={<IconPackageImport size={18} />} loading={receive.isPending} data-testid="receipt-submit">
                {t('buyings.receipts.receive')}
              </Button>
            </Group>
          </form>
        )}
      </Stack>
    </Paper>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text fw={700} data-testid={testId}>{value}</Text>
    </Stack>
  );
}
