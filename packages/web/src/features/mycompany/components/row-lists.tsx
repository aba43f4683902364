import { useState, type ReactNode } from 'react';
import {
  ActionIcon, Alert, Anchor, Badge, Button, Group, Modal, ScrollArea, Select, Stack, Table, Text, TextInput, Textarea, Tooltip,
} from '@mantine/core';
import {
  CURRENCIES, bankAccountSchema, certificateSchema, formatIban, issuesToFields, normalizeIban, qcQuestionSchema,
} from '@isik/domain';
import { IconAlertTriangle, IconCertificate, IconEdit, IconListCheck, IconPlus, IconBuildingBank, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../components/confirm-delete';
import { tm } from '../../../i18n';
import { nextQuestionNo, type BankRow, type CertificateRow, type QcRow } from '../model/my-company-form';
import { FileField, FilePreview } from './image-slot';
import { NumberField } from '../../../components/number-field';

type Errors = Record<string, string | undefined>;

interface ListProps<Row> {
  rows: Row[];
  onChange: (rows: Row[]) => void;
  /** Errors of the rows by index (server or form validation). */
  errors: Map<number, string[]>;
}

/** The editor modal state: which row (null = a new one) with its draft values. */
interface Editing<Row> { index: number | null; draft: Row }

interface Column<Row> { header: string; width?: number; cell: (row: Row) => ReactNode }

interface RowListProps<Row> extends ListProps<Row> {
  /** The texts' key group: mycompany.{name}.title, .add, .edit, .empty. */
  name: 'qc' | 'certificates' | 'banks';
  testId: string;
  emptyIcon: ReactNode;
  minWidth?: number;
  columns: Column<Row>[];
  newRow: () => Row;
  /** The draft a row is edited as (defaults to a copy). */
  toDraft?: (row: Row) => Row;
  rowLabel: (row: Row) => string;
  deleteMessage: (row: Row) => string;
  /** Checks a draft: the row to keep, or the field errors (message keys). */
  check: (draft: Row) => { row: Row } | { errors: Errors };
  /** The editor's fields for a draft; `set` changes some of its fields. */
  editor: (draft: Row, set: (patch: Partial<Row>) => void, errors: Errors) => ReactNode;
}

/** One editable list of rows: a table with edit and delete per row, an add button and an editor modal. */
function RowList<Row>({
  rows, onChange, errors, name, testId, emptyIcon, minWidth, columns, newRow, toDraft = (r) => ({ ...r }), rowLabel, deleteMessage, check, editor,
}: RowListProps<Row>) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Editing<Row> | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Errors>({});
  const open = (index: number | null, draft: Row) => { setFieldErrors({}); setEditing({ index, draft }); };
  const set = (patch: Partial<Row>) => setEditing((e) => (e ? { ...e, draft: { ...e.draft, ...patch } } : e));
  const submit = () => {
    if (!editing) return;
    const res = check(editing.draft);
    if ('errors' in res) return setFieldErrors(res.errors);
    const next = [...rows];
    if (editing.index === null) next.push(res.row);
    else next[editing.index] = res.row;
    onChange(next);
    setEditing(null);
  };
  const remove = async (index: number) => {
    if (await confirmDelete({ message: deleteMessage(rows[index]) })) onChange(rows.filter((_, i) => i !== index));
  };

  return (
    <>
      <Stack gap="sm" data-testid={testId}>
        <Group justify="space-between">
          <Group gap="xs">
            <Text fw={600}>{t(`mycompany.${name}.title`)}</Text>
            <Badge variant="light" color="gray">{rows.length}</Badge>
          </Group>
          <Button size="xs" leftSection={<IconPlus size={16} />} onClick={() => open(null, newRow())}>{t(`mycompany.${name}.add`)}</Button>
        </Group>
        {errors.size > 0 && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} p="xs">
            <Stack gap={2}>
              {[...errors.entries()].sort((a, b) => a[0] - b[0]).map(([i, msgs]) => (
                <Text key={i} size="sm"><Text span fw={600}>{t('mycompany.rowN', { n: i + 1 })}:</Text> {msgs.map((m) => tm(m)).join(' · ')}</Text>
              ))}
            </Stack>
          </Alert>
        )}
        {rows.length === 0 ? (
          <Stack align="center" gap={6} py="xl" c="dimmed">
            {emptyIcon}
            <Text size="sm" c="dimmed">{t(`mycompany.${name}.empty`)}</Text>
          </Stack>
        ) : (
          <ScrollArea.Autosize mah={400} type="auto">
            <Table striped highlightOnHover verticalSpacing="xs" miw={minWidth}>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((c) => <Table.Th key={c.header} w={c.width}>{c.header}</Table.Th>)}
                  <Table.Th w={90} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r, i) => (
                  <Table.Tr key={i} style={errors.has(i) ? { background: 'var(--mantine-color-red-light)' } : undefined}>
                    {columns.map((c) => <Table.Td key={c.header}>{c.cell(r)}</Table.Td>)}
                    <Table.Td>
                      <RowActions label={rowLabel(r)} onEdit={() => open(i, toDraft(r))} onDelete={() => void remove(i)} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
      </Stack>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={t(`mycompany.${name}.${editing?.index === null ? 'add' : 'edit'}`)} centered size="lg">
        {editing && (
          // The modal sits in a portal, but React events still bubble to the page form: stop the submit here.
          <form onSubmit={(e) => { e.preventDefault(); e.stopPropagation(); submit(); }} noValidate>
            {editor(editing.draft, set, fieldErrors)}
            <Group justify="flex-end" mt="md">
              <Button variant="default" onClick={() => setEditing(null)}>{t('common.cancel')}</Button>
              <Button type="submit">{t('mycompany.row.apply')}</Button>
            </Group>
          </form>
        )}
      </Modal>
    </>
  );
}

/** A schema's answer as RowList wants it. */
function checked<T>(parsed: { success: true; data: T } | { success: false; error: { issues: Parameters<typeof issuesToFields>[0] } }): { row: T } | { errors: Errors } {
  return parsed.success ? { row: parsed.data } : { errors: issuesToFields(parsed.error.issues) };
}

function RowActions({ label, onEdit, onDelete }: { label: string; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label={t('common.edit')} withArrow>
        <ActionIcon variant="subtle" aria-label={`${t('common.edit')}: ${label}`} onClick={onEdit}><IconEdit size={16} /></ActionIcon>
      </Tooltip>
      <Tooltip label={t('common.delete')} withArrow>
        <ActionIcon variant="subtle" color="red" aria-label={`${t('common.delete')}: ${label}`} onClick={onDelete}><IconTrash size={16} /></ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** A certificate file in the list: its thumbnail (PDF icon for PDFs), opening the stored file in a new tab. */
function FileCell({ value, label }: { value: string; label: string }) {
  if (!value) return <Text size="xs" c="dimmed">—</Text>;
  if (value.startsWith('data:')) return <FilePreview value={value} size={40} />;
  return (
    <Anchor href={value} target="_blank" rel="noopener" aria-label={label} title={label}>
      <FilePreview value={value} size={40} />
    </Anchor>
  );
}

// ---------------------------------------------------------------- QC questions

export function QcList(props: ListProps<QcRow>) {
  const { t } = useTranslation();
  return (
    <RowList
      {...props} name="qc" testId="qc-list" emptyIcon={<IconListCheck size={32} stroke={1.5} />}
      columns={[
        { header: t('mycompany.qc.no'), width: 70, cell: (r) => r.no },
        { header: t('mycompany.qc.question'), cell: (r) => <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{r.Question}</Text> },
      ]}
      newRow={() => ({ no: nextQuestionNo(props.rows), Question: '' })}
      rowLabel={(r) => `${t('mycompany.qc.no')} ${r.no}`}
      deleteMessage={(r) => t('mycompany.qc.deleteConfirm', { no: r.no })}
      check={(d) => checked(qcQuestionSchema.safeParse(d))}
      editor={(d, set, errors) => (
        <Stack gap="sm">
          <NumberField
            label={t('mycompany.qc.no')} name="no" withAsterisk min={1} allowDecimal={false} allowNegative={false} w={140} data-autofocus
            value={d.no} onChange={(v) => set({ no: typeof v === 'number' ? v : Number(v) || 0 })}
            error={errors.no && tm(errors.no)}
          />
          <Textarea
            label={t('mycompany.qc.question')} name="Question" withAsterisk autosize minRows={3} maxRows={8} maxLength={1000}
            value={d.Question} onChange={(e) => set({ Question: e.currentTarget.value })}
            error={errors.Question && tm(errors.Question)}
          />
        </Stack>
      )}
    />
  );
}

// ---------------------------------------------------------------- certificates

export function CertificateList(props: ListProps<CertificateRow>) {
  const { t } = useTranslation();
  return (
    <RowList
      {...props} name="certificates" testId="certificate-list" emptyIcon={<IconCertificate size={32} stroke={1.5} />}
      columns={[
        { header: t('mycompany.certificates.name'), cell: (r) => <Text size="sm">{r.certificate}</Text> },
        { header: t('mycompany.certificates.file'), width: 110, cell: (r) => <FileCell value={r.file.value} label={`${r.certificate} · ${t('mycompany.certificates.file')}`} /> },
        { header: t('mycompany.certificates.bwfile'), width: 110, cell: (r) => <FileCell value={r.bwfile.value} label={`${r.certificate} · ${t('mycompany.certificates.bwfile')}`} /> },
      ]}
      newRow={() => ({ certificate: '', file: { value: '' }, bwfile: { value: '' } })}
      rowLabel={(r) => r.certificate}
      deleteMessage={(r) => t('mycompany.certificates.deleteConfirm', { name: r.certificate })}
      check={(d) => {
        const res = checked(certificateSchema.safeParse({ certificate: d.certificate, file: d.file.value, bwfile: d.bwfile.value }));
        return 'row' in res ? { row: { ...d, certificate: res.row.certificate } } : res;
      }}
      editor={(d, set, errors) => (
        <Stack gap="md">
          <TextInput
            label={t('mycompany.certificates.name')} name="certificate" withAsterisk maxLength={200} data-autofocus
            value={d.certificate} onChange={(e) => set({ certificate: e.currentTarget.value })}
            error={errors.certificate && tm(errors.certificate)}
          />
          <FileField label={t('mycompany.certificates.file')} value={d.file} testId="certificate-file" onChange={(file) => set({ file })} error={errors.file} />
          <FileField label={t('mycompany.certificates.bwfile')} value={d.bwfile} testId="certificate-bwfile" onChange={(bwfile) => set({ bwfile })} error={errors.bwfile} />
          <Text size="xs" c="dimmed">{t('mycompany.certificates.hint')}</Text>
        </Stack>
      )}
    />
  );
}

// ---------------------------------------------------------------- banks

export function BankList(props: ListProps<BankRow>) {
  const { t } = useTranslation();
  const currencies = CURRENCIES.map((c) => ({ value: c, label: `${c} ${t(`mycompany.banks.currencyName.${c === '₺' ? 'try' : c === '$' ? 'usd' : 'eur'}`)}` }));
  return (
    <RowList
      {...props} name="banks" testId="bank-list" emptyIcon={<IconBuildingBank size={32} stroke={1.5} />} minWidth={640}
      columns={[
        { header: t('mycompany.banks.bank'), cell: (r) => r.bank },
        { header: t('mycompany.banks.branch'), cell: (r) => r.branch },
        { header: t('mycompany.banks.iban'), cell: (r) => <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>{formatIban(r.iban)}</Text> },
        { header: t('mycompany.banks.currency'), width: 110, cell: (r) => <Badge variant="light">{r.currency}</Badge> },
      ]}
      newRow={() => ({ bank: '', branch: '', iban: '', currency: '₺' })}
      toDraft={(r) => ({ ...r, iban: formatIban(r.iban) })}
      rowLabel={(r) => r.bank}
      deleteMessage={(r) => t('mycompany.banks.deleteConfirm', { name: r.bank })}
      check={(d) => checked(bankAccountSchema.safeParse(d))}
      editor={(d, set, errors) => (
        <Stack gap="sm">
          <TextInput
            label={t('mycompany.banks.bank')} name="bank" withAsterisk maxLength={200} data-autofocus
            value={d.bank} onChange={(e) => set({ bank: e.currentTarget.value })}
            error={errors.bank && tm(errors.bank)}
          />
          <TextInput
            label={t('mycompany.banks.branch')} name="branch" maxLength={200}
            value={d.branch} onChange={(e) => set({ branch: e.currentTarget.value })}
          />
          <TextInput
            label={t('mycompany.banks.iban')} name="iban" withAsterisk maxLength={42} placeholder="TR00 0000 0000 0000 0000 0000 00" ff="monospace"
            value={d.iban}
            onChange={(e) => set({ iban: e.currentTarget.value })}
            onBlur={() => set({ iban: formatIban(normalizeIban(d.iban)) })}
            error={errors.iban && tm(errors.iban)}
          />
          <Select
            label={t('mycompany.banks.currency')} name="currency" withAsterisk allowDeselect={false} data={currencies} w={200}
            comboboxProps={{ withinPortal: true }}
            value={d.currency} onChange={(v) => set({ currency: v ?? '' })}
            error={errors.currency && tm(errors.currency)}
          />
        </Stack>
      )}
    />
  );
}
