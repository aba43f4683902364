import { useState } from 'react';
import { ActionIcon, Button, Grid, Group, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { toPair, type ModelFeature } from '@isik/domain';
import { IconClipboardCopy, IconClipboardText, IconListDetails, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { notifyFailure, notifySuccess } from '../../../lib/api';
import { copyRows, pasteRows, side, type ModelFormValues } from '../model/model-values';
import { Section } from './detail-tab';
import { NumberField } from '../../../components/number-field';

interface FeatureDraft { no: number | string; label_tr: string; label_en: string; feature_tr: string; feature_en: string }

function toDraft(r: ModelFeature): FeatureDraft {
  return { no: r.no, label_tr: side(r.label[0]), label_en: side(r.label[1]), feature_tr: side(r.feature[0]), feature_en: side(r.feature[1]) };
}

export function nextNo(nos: number[]): number {
  return nos.reduce((m, n) => Math.max(m, n), 0) + 1;
}

/** Translated notice of a failed paste (spec 001 5). */
export function pasteFailed(reason: 'empty' | 'mismatch' | 'failed', t: (k: string) => string): void {
  notifyFailure(t(`models.copy.${reason}`));
}

/** Specs tab: the model's feature rows (no, label TR/EN, feature TR/EN), with copy and paste between models. */
export function SpecsTab({ form }: { form: UseFormReturnType<ModelFormValues> }) {
  const { t } = useTranslation();
  const rows = form.values.ModelFeatures;
  const [editing, setEditing] = useState<{ index: number | null; draft: FeatureDraft } | null>(null);

  const openNew = () => setEditing({ index: null, draft: { no: nextNo(rows.map((r) => r.no)), label_tr: '', label_en: '', feature_tr: '', feature_en: '' } });
  const saveDraft = () => {
    if (!editing) return;
    const d = editing.draft;
    const row: ModelFeature = { no: Number(d.no) || nextNo(rows.map((r) => r.no)), label: toPair(d.label_tr, d.label_en), feature: toPair(d.feature_tr, d.feature_en) };
    const next = editing.index === null ? [...rows, row] : rows.map((r, i) => (i === editing.index ? row : r));
    form.setFieldValue('ModelFeatures', [...next].sort((a, b) => a.no - b.no));
    setEditing(null);
  };
  const removeRow = (index: number) => form.setFieldValue('ModelFeatures', rows.filter((_, i) => i !== index));

  const copy = () => {
    copyRows('modelFeatures', rows);
    notifySuccess('models.copy.copied', { count: rows.length });
  };
  const paste = () => {
    const result = pasteRows<ModelFeature>('modelFeatures');
    if (!result.ok) {
      pasteFailed(result.reason, t);
      return;
    }
    let no = nextNo(rows.map((r) => r.no));
    const added = result.rows.map((r) => ({ no: no++, label: toPair(r.label[0], r.label[1]), feature: toPair(r.feature[0], r.feature[1]) }));
    form.setFieldValue('ModelFeatures', [...rows, ...added]);
    notifySuccess('models.copy.pasted', { count: added.length });
  };

  const cell = (v: string) => <Text size="sm">{side(v) || <Text span c="dimmed">—</Text>}</Text>;
  const columns: DataTableColumn<ModelFeature>[] = [
    { key: 'no', header: t('models.spec.no'), width: 60, render: (r) => <Text size="sm" fw={600}>{r.no}</Text> },
    { key: 'labelTr', header: t('models.spec.labelTr'), render: (r) => cell(r.label[0]) },
    { key: 'labelEn', header: t('models.spec.labelEn'), render: (r) => cell(r.label[1]) },
    { key: 'featureTr', header: t('models.spec.featureTr'), render: (r) => cell(r.feature[0]) },
    { key: 'featureEn', header: t('models.spec.featureEn'), render: (r) => cell(r.feature[1]) },
    {
      key: 'actions', header: '', width: 84, align: 'right',
      render: (r, i) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={t('models.form.editRow')}>
            <ActionIcon variant="subtle" onClick={() => setEditing({ index: i, draft: toDraft(r) })} aria-label={t('models.form.editRow')}><IconPencil size={16} /></ActionIcon>
          </Tooltip>
          <Tooltip label={t('models.form.deleteRow')}>
            <ActionIcon variant="subtle" color="red" onClick={() => removeRow(i)} aria-label={t('models.form.deleteRow')}><IconTrash size={16} /></ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

  const set = (k: keyof FeatureDraft) => (v: string | number) => setEditing((e) => (e ? { ...e, draft: { ...e.draft, [k]: v } } : e));

  return (
    <Section
      title={t('models.tabs.specs')}
      icon={<IconListDetails size={18} />}
      right={(
        <Group gap="xs">
          <Button size="xs" variant="default" leftSection={<IconClipboardCopy size={16} />} onClick={copy} disabled={rows.length === 0}>{t('models.copy.copy')}</Button>
          <Button size="xs" variant="default" leftSection={<IconClipboardText size={16} />} onClick={paste}>{t('models.copy.paste')}</Button>
          <Button size="xs" leftSection={<IconPlus size={16} />} onClick={openNew} data-testid="spec-add">{t('models.spec.add')}</Button>
        </Group>
      )}
    >
      <DataTable columns={columns} rows={rows} rowKey={(r, i) => `${r.no}-${i}`} minWidth={760} emptyText={t('models.spec.empty')} />
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing?.index === null ? t('models.spec.addTitle') : t('models.spec.editTitle')} size="lg" centered>
        {editing && (
          <Stack gap="sm">
            <NumberField label={t('models.spec.no')} value={editing.draft.no} onChange={set('no')} min={1} allowDecimal={false} w={120} />
            <Grid gutter="sm">
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label={t('models.spec.labelTr')} value={editing.draft.label_tr} onChange={(e) => set('label_tr')(e.currentTarget.value)} data-autofocus data-testid="spec-label-tr" />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label={t('models.spec.labelEn')} value={editing.draft.label_en} onChange={(e) => set('label_en')(e.currentTarget.value)} data-testid="spec-label-en" />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label={t('models.spec.featureTr')} value={editing.draft.feature_tr} onChange={(e) => set('feature_tr')(e.currentTarget.value)} data-testid="spec-feature-tr" />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label={t('models.spec.featureEn')} value={editing.draft.feature_en} onChange={(e) => set('feature_en')(e.currentTarget.value)} data-testid="spec-feature-en" />
              </Grid.Col>
            </Grid>
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={() => setEditing(null)}>{t('common.cancel')}</Button>
              <Button onClick={saveDraft} data-testid="spec-apply">{t('models.form.apply')}</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Section>
  );
}
