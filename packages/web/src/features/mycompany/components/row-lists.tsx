import { useState, type ReactNode } from 'react';
import {
  ActionIcon, Alert, Anchor, Badge, Button, Group, Modal, NumberInput, ScrollArea, Select, Stack, Table, Text, TextInput, Textarea, Tooltip,
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

type Errors = Record<string, string | undefined>;

interface ListProps<Row> {
  rows: Row[];
  onChange: (rows: Row[]) => void;
  /** Errors of the rows by index (server or form validation). */
  errors: Map<number, string[]>;
}

/** The editor modal state: which row (null = a new one) with its draft values. */
interface Editing<Row> { index: number | null; draft: Row }

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

function ListFrame({ title, count, onAdd, addLabel, empty, emptyIcon, errors, children, testId }: {
  title: string; count: number; onAdd: () => void; addLabel: string; empty: string; emptyIcon: ReactNode;
  errors: Map<number, string[]>; children: ReactNode; testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid={testId}>
      <Group justify="space-between">
        <Group gap="xs">
          <Text fw={600}>{title}</Text>
          <Badge variant="light" color="gray">{count}</Badge>
        </Group>
        <Button size="xs" leftSection={<IconPlus size={16} />} onClick={onAdd}>{addLabel}</Button>
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
      {count === 0 ? (
        <Stack align="center" gap={6} py="xl" c="dimmed">
          {emptyIcon}
          <Text size="sm" c="dimmed">{empty}</Text>
        </Stack>
      ) : (
        <ScrollArea.Autosize mah={400} type="auto">
          {children}
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}

function useRowEditor<Row>(rows: Row[], onChange: (rows: Row[]) => void) {
  const [editing, setEditing] = useState<Editing<Row> | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  return {
    editing,
    errors,
    setErrors,
    open: (index: number | null, draft: Row) => { setErrors({}); setEditing({ index, draft }); },
    setDraft: (draft: Row) => setEditing((e) => (e ? { ...e, draft } : e)),
    close: () => setEditing(null),
    commit: (row: Row) => {
      if (!editing) return;
      const next = [...rows];
      if (editing.index === null) next.push(row);
      else next[editing.index] = row;
      onChange(next);
      setEditing(null);
    },
    remove: async (index: number, message: string) => {
      if (await confirmDelete({ message })) onChange(rows.filter((_, i) => i !== index));
    },
  };
}

function ModalButtons({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" mt="md">
      <Button variant="default" onClick={onCancel}>{t('common.cancel')}</Button>
      <Button type="submit">{t('mycompany.row.apply')}</Button>
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

const rowStyle = (bad: boolean) => (bad ? { background: 'var(--mantine-color-red-light)' } : undefined);

// ---------------------------------------------------------------- QC questions

export function QcList({ rows, onChange, errors }: ListProps<QcRow>) {
  const { t } = useTranslation();
  const ed = useRowEditor(rows, onChange);
  const submit = () => {
    if (!ed.editing) return;
    const parsed = qcQuestionSchema.safeParse(ed.editing.draft);
    if (!parsed.success) return ed.setErrors(issuesToFields(parsed.error.issues));
    ed.commit(parsed.data);
  };
  return (
    <>
      <ListFrame
        title={t('mycompany.qc.title')} count={rows.length} errors={errors} testId="qc-list"
        onAdd={() => ed.open(null, { no: nextQuestionNo(rows), Question: '' })} addLabel={t('mycompany.qc.add')}
        empty={t('mycompany.qc.empty')} emptyIcon={<IconListCheck size={32} stroke={1.5} />}
      >
        <Table striped highlightOnHover verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr><Table.Th w={70}>{t('mycompany.qc.no')}</Table.Th><Table.Th>{t('mycompany.qc.question')}</Table.Th><Table.Th w={90} /></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r, i) => (
              <Table.Tr key={i} style={rowStyle(errors.has(i))}>
                <Table.Td>{r.no}</Table.Td>
                <Table.Td><Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{r.Question}</Text></Table.Td>
                <Table.Td>
                  <RowActions label={`${t('mycompany.qc.no')} ${r.no}`} onEdit={() => ed.open(i, { ...r })} onDelete={() => void ed.remove(i, t('mycompany.qc.deleteConfirm', { no: r.no }))} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ListFrame>
      <Modal opened={ed.editing !== null} onClose={ed.close} title={ed.editing?.index === null ? t('mycompany.qc.add') : t('mycompany.qc.edit')} centered size="lg">
        {ed.editing && (
          // The modal sits in a portal, but React events still bubble to the page form: stop the submit here.
          <form onSubmit={(e) => { e.preventDefault(); e.stopPropagation(); submit(); }} noValidate>
            <Stack gap="sm">
              <NumberInput
                label={t('mycompany.qc.no')} name="no" withAsterisk min={1} allowDecimal={false} allowNegative={false} w={140} data-autofocus
                value={ed.editing.draft.no} onChange={(v) => ed.setDraft({ ...ed.editing!.draft, no: typeof v === 'number' ? v : Number(v) || 0 })}
                error={ed.errors.no && tm(ed.errors.no)}
              />
              <Textarea
                label={t('mycompany.qc.question')} name="Question" withAsterisk autosize minRows={3} maxRows={8} maxLength={1000}
                value={ed.editing.draft.Question} onChange={(e) => ed.setDraft({ ...ed.editing!.draft, Question: e.currentTarget.value })}
                error={ed.errors.Question && tm(ed.errors.Question)}
              />
            </Stack>
            <ModalButtons onCancel={ed.close} />
          </form>
        )}
      </Modal>
    </>
  );
}

// ---------------------------------------------------------------- certificates

export function CertificateList({ rows, onChange, errors }: ListProps<CertificateRow>) {
  const { t } = useTranslation();
  const ed = useRowEditor(rows, onChange);
  const submit = () => {
    if (!ed.editing) return;
    const d = ed.editing.draft;
    const parsed = certificateSchema.safeParse({ certificate: d.certificate, file: d.file.value, bwfile: d.bwfile.value });
    if (!parsed.success) return ed.setErrors(issuesToFields(parsed.error.issues));
    ed.commit({ ...d, certificate: parsed.data.certificate });
  };
  return (
    <>
      <ListFrame
        title={t('mycompany.certificates.title')} count={rows.length} errors={errors} testId="certificate-list"
        onAdd={() => ed.open(null, { certificate: '', file: { value: '' }, bwfile: { value: '' } })} addLabel={t('mycompany.certificates.add')}
        empty={t('mycompany.certificates.empty')} emptyIcon={<IconCertificate size={32} stroke={1.5} />}
      >
        <Table striped highlightOnHover verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('mycompany.certificates.name')}</Table.Th>
              <Table.Th w={110}>{t('mycompany.certificates.file')}</Table.Th>
              <Table.Th w={110}>{t('mycompany.certificates.bwfile')}</Table.Th>
              <Table.Th w={90} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r, i) => (
              <Table.Tr key={i} style={rowStyle(errors.has(i))}>
                <Table.Td><Text size="sm">{r.certificate}</Text></Table.Td>
                <Table.Td><FileCell value={r.file.value} label={`${r.certificate} · ${t('mycompany.certificates.file')}`} /></Table.Td>
                <Table.Td><FileCell value={r.bwfile.value} label={`${r.certificate} · ${t('mycompany.certificates.bwfile')}`} /></Table.Td>
                <Table.Td>
                  <RowActions label={r.certificate} onEdit={() => ed.open(i, { ...r })} onDelete={() => void ed.remove(i, t('mycompany.certificates.deleteConfirm', { name: r.certificate }))} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ListFrame>
      <Modal opened={ed.editing !== null} onClose={ed.close} title={ed.editing?.index === null ? t('mycompany.certificates.add') : t('mycompany.certificates.edit')} centered size="lg">
        {ed.editing && (
          // The modal sits in a portal, but React events still bubble to the page form: stop the submit here.
          <form onSubmit={(e) => { e.preventDefault(); e.stopPropagation(); submit(); }} noValidate>
            <Stack gap="md">
              <TextInput
                label={t('mycompany.certificates.name')} name="certificate" withAsterisk maxLength={200} data-autofocus
                value={ed.editing.draft.certificate} onChange={(e) => ed.setDraft({ ...ed.editing!.draft, certificate: e.currentTarget.value })}
                error={ed.errors.certificate && tm(ed.errors.certificate)}
              />
              <FileField label={t('mycompany.certificates.file')} value={ed.editing.draft.file} testId="certificate-file" onChange={(file) => ed.setDraft({ ...ed.editing!.draft, file })} error={ed.errors.file} />
              <FileField label={t('mycompany.certificates.bwfile')} value={ed.editing.draft.bwfile} testId="certificate-bwfile" onChange={(bwfile) => ed.setDraft({ ...ed.editing!.draft, bwfile })} error={ed.errors.bwfile} />
              <Text size="xs" c="dimmed">{t('mycompany.certificates.hint')}</Text>
            </Stack>
            <ModalButtons onCancel={ed.close} />
          </form>
        )}
      </Modal>
    </>
  );
}

// ---------------------------------------------------------------- banks

export function BankList({ rows, onChange, errors }: ListProps<BankRow>) {
  const { t } = useTranslation();
  const ed = useRowEditor(rows, onChange);
  const submit = () => {
    if (!ed.editing) return;
    const parsed = bankAccountSchema.safeParse(ed.editing.draft);
    if (!parsed.success) return ed.setErrors(issuesToFields(parsed.error.issues));
    ed.commit(parsed.data);
  };
  const currencies = CURRENCIES.map((c) => ({ value: c, label: `${c} ${t(`mycompany.banks.currencyName.${c === '₺' ? 'try' : c === '$' ? 'usd' : 'eur'}`)}` }));
  return (
    <>
      <ListFrame
        title={t('mycompany.banks.title')} count={rows.length} errors={errors} testId="bank-list"
        onAdd={() => ed.open(null, { bank: '', branch: '', iban: '', currency: '₺' })} addLabel={t('mycompany.banks.add')}
        empty={t('mycompany.banks.empty')} emptyIcon={<IconBuildingBank size={32} stroke={1.5} />}
      >
        <Table striped highlightOnHover verticalSpacing="xs" miw={640}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('mycompany.banks.bank')}</Table.Th>
              <Table.Th>{t('mycompany.banks.branch')}</Table.Th>
              <Table.Th>{t('mycompany.banks.iban')}</Table.Th>
              <Table.Th w={110}>{t('mycompany.banks.currency')}</Table.Th>
              <Table.Th w={90} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r, i) => (
              <Table.Tr key={i} style={rowStyle(errors.has(i))}>
                <Table.Td>{r.bank}</Table.Td>
                <Table.Td>{r.branch}</Table.Td>
                <Table.Td><Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>{formatIban(r.iban)}</Text></Table.Td>
                <Table.Td><Badge variant="light">{r.currency}</Badge></Table.Td>
                <Table.Td>
                  <RowActions label={r.bank} onEdit={() => ed.open(i, { ...r, iban: formatIban(r.iban) })} onDelete={() => void ed.remove(i, t('mycompany.banks.deleteConfirm', { name: r.bank }))} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ListFrame>
      <Modal opened={ed.editing !== null} onClose={ed.close} title={ed.editing?.index === null ? t('mycompany.banks.add') : t('mycompany.banks.edit')} centered size="lg">
        {ed.editing && (
          // The modal sits in a portal, but React events still bubble to the page form: stop the submit here.
          <form onSubmit={(e) => { e.preventDefault(); e.stopPropagation(); submit(); }} noValidate>
            <Stack gap="sm">
              <TextInput
                label={t('mycompany.banks.bank')} name="bank" withAsterisk maxLength={200} data-autofocus
                value={ed.editing.draft.bank} onChange={(e) => ed.setDraft({ ...ed.editing!.draft, bank: e.currentTarget.value })}
                error={ed.errors.bank && tm(ed.errors.bank)}
              />
              <TextInput
                label={t('mycompany.banks.branch')} name="branch" maxLength={200}
                value={ed.editing.draft.branch} onChange={(e) => ed.setDraft({ ...ed.editing!.draft, branch: e.currentTarget.value })}
              />
              <TextInput
                label={t('mycompany.banks.iban')} name="iban" withAsterisk maxLength={42} placeholder="TR00 0000 0000 0000 0000 0000 00" ff="monospace"
                value={ed.editing.draft.iban}
                onChange={(e) => ed.setDraft({ ...ed.editing!.draft, iban: e.currentTarget.value })}
                onBlur={() => ed.setDraft({ ...ed.editing!.draft, iban: formatIban(normalizeIban(ed.editing!.draft.iban)) })}
                error={ed.errors.iban && tm(ed.errors.iban)}
              />
              <Select
                label={t('mycompany.banks.currency')} name="currency" withAsterisk allowDeselect={false} data={currencies} w={200}
                comboboxProps={{ withinPortal: true }}
                value={ed.editing.draft.currency} onChange={(v) => ed.setDraft({ ...ed.editing!.draft, currency: v ?? '' })}
                error={ed.errors.currency && tm(ed.errors.currency)}
              />
            </Stack>
            <ModalButtons onCancel={ed.close} />
          </form>
        )}
      </Modal>
    </>
  );
}
