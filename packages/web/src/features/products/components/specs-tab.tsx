import { useState } from 'react';
import { Button, Grid, Group, Modal, Paper, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import type { SpecRow } from '../model/product-values';
import { RowMenu, RowToolbar } from './row-toolbar';
import { NumberField } from '../../../components/number-field';

const lines = (text: string) => text.split('\n').map((s) => s.trim()).filter((s) => s !== '');

/** Spec rows (urun_ozellikler): no, name TR/EN, description lines TR and EN; edited in a row dialog. */
export function SpecsTab({ rows, onChange }: { rows: SpecRow[]; onChange: (rows: SpecRow[]) => void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ index: number; row: SpecRow } | null>(null);
  const nextNo = rows.reduce((m, r) => Math.max(m, r.no || 0), 0) + 1;

  const columns: DataTableColumn<SpecRow>[] = [
    { key: 'no', header: t('products.spec.no'), width: 60, render: (r) => r.no },
    { key: 'tr', header: t('products.spec.nameTr'), render: (r) => <Text size="sm" fw={500}>{r.urun_ozellik[0]}</Text> },
    { key: 'en', header: t('products.spec.nameEn'), render: (r) => <Text size="sm">{r.urun_ozellik[1]}</Text> },
    { key: 'descTr', header: t('products.spec.descTr'), render: (r) => <Text size="sm" style={{ whiteSpace: 'pre-line' }}>{r.urun_aciklama.join('\n')}</Text> },
    { key: 'descEn', header: t('products.spec.descEn'), render: (r) => <Text size="sm" style={{ whiteSpace: 'pre-line' }}>{r.product_description.join('\n')}</Text> },
    {
      key: 'menu', header: '', width: 48,
      render: (r, i) => <RowMenu onEdit={() => setEditing({ index: i, row: r })} onDelete={() => onChange(rows.filter((_, j) => j !== i))} />,
    },
  ];

  const save = (row: SpecRow) => {
    if (!editing) return;
    onChange(editing.index < 0 ? [...rows, row] : rows.map((r, j) => (j === editing.index ? row : r)));
    setEditing(null);
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <RowToolbar
        title={t('products.tabs.specs')}
        onAdd={() => setEditing({ index: -1, row: { no: nextNo, urun_ozellik: ['', ''], urun_aciklama: [], product_description: [] } })}
        clipboard="specs"
        rows={rows}
        onPaste={(pasted) => onChange([...rows, ...pasted.map((r, i) => ({ ...r, no: nextNo + i }))])}
      />
      <DataTable columns={columns} rows={rows} rowKey={(_, i) => String(i)} onRowClick={(r) => setEditing({ index: rows.indexOf(r), row: r })} minWidth={760} emptyText={t('products.spec.empty')} />
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={t('products.spec.dialog')} size="lg" centered>
        {editing && <SpecForm row={editing.row} onSave={save} onCancel={() => setEditing(null)} />}
      </Modal>
    </Paper>
  );
}

function SpecForm({ row, onSave, onCancel }: { row: SpecRow; onSave: (r: SpecRow) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [no, setNo] = useState(row.no);
  const [tr, setTr] = useState(row.urun_ozellik[0]);
  const [en, setEn] = useState(row.urun_ozellik[1]);
  const [descTr, setDescTr] = useState(row.urun_aciklama.join('\n'));
  const [descEn, setDescEn] = useState(row.product_description.join('\n'));
  return (
    <Stack>
      <Grid>
        <Grid.Col span={{ base: 12, sm: 2 }}><NumberField label={t('products.spec.no')} value={no} onChange={(v) => setNo(Number(v) || 0)} allowDecimal={false} min={0} /></Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}><TextInput label={t('products.spec.nameTr')} name="spec_tr" value={tr} onChange={(e) => setTr(e.currentTarget.value)} data-autofocus /></Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}><TextInput label={t('products.spec.nameEn')} name="spec_en" value={en} onChange={(e) => setEn(e.currentTarget.value)} /></Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}><Textarea label={t('products.spec.descTr')} description={t('products.spec.linesHint')} name="spec_desc_tr" value={descTr} onChange={(e) => setDescTr(e.currentTarget.value)} autosize minRows={3} /></Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}><Textarea label={t('products.spec.descEn')} description={t('products.spec.linesHint')} name="spec_desc_en" value={descEn} onChange={(e) => setDescEn(e.currentTarget.value)} autosize minRows={3} /></Grid.Col>
      </Grid>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>{t('common.cancel')}</Button>
        <Button leftSection={<IconDeviceFloppy size={18} />} onClick={() => onSave({ no, urun_ozellik: [tr.trim(), en.trim()], urun_aciklama: lines(descTr), product_description: lines(descEn) })}>
          {t('products.detail.applyRow')}
        </Button>
      </Group>
    </Stack>
  );
}
