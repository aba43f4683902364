import { useMemo, useState } from 'react';
import {
  ActionIcon, Alert, Badge, Button, Grid, Group, Loader, Modal, MultiSelect, Select, Stack, Text, Textarea, Tooltip,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import {
  DEFAULT_OPERATIONS, MODEL_CATEGORIES, SEMI_FINISHED_OPERATION, pairText,
  type Material, type OperationComponent, type ProductListRow, type ProductionDetail,
} from '@isik/domain';
import { IconClipboardCopy, IconClipboardText, IconPencil, IconPlus, IconSettingsCog, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { notifySuccess } from '../../../lib/api';
import { materialsPickQuery, productsPickQuery } from '../api/models-api';
import { copyRows, pasteRows, type ModelFormValues } from '../model/model-values';
import { Section } from './detail-tab';
import { categoryLabelKey } from './model-badges';
import { nextNo, pasteFailed } from './specs-tab';
import { NumberField } from '../../../components/number-field';

type Operation = ProductionDetail['Operation'];
interface RowDraft { No: number | string; Operation: Operation; OperationDescription: string; components: string[]; category: string | null }

/**
 * Production tab: the bill of operations. Materials and products load only when this tab opens (it is
 * mounted on demand); the row editor opens once both lists are there.
 */
export function ProductionTab({ form }: { form: UseFormReturnType<ModelFormValues> }) {
  const { t, i18n } = useTranslation();
  const rows = form.values.productiondetail;
  const materials = useQuery(materialsPickQuery());
  const products = useQuery(productsPickQuery());
  const ready = materials.isSuccess && products.isSuccess;
  const loadError = materials.error ?? products.error;
  const [editing, setEditing] = useState<{ index: number | null; draft: RowDraft } | null>(null);

  const materialById = useMemo(() => new Map((materials.data ?? []).map((m) => [m._id, m])), [materials.data]);
  const productById = useMemo(() => new Map((products.data ?? []).map((p) => [p._id, p])), [products.data]);

  const openRow = (index: number | null) => {
    if (!ready) return;
    if (index === null) {
      setEditing({ index, draft: { No: nextNo(rows.map((r) => r.No)), Operation: DEFAULT_OPERATIONS[0], OperationDescription: '', components: [], category: null } });
      return;
    }
    const r = rows[index];
    const firstProduct = r.OperationComponent.map((c) => productById.get(c.value)).find(Boolean);
    setEditing({
      index,
      draft: {
        No: r.No, Operation: r.Operation, OperationDescription: r.OperationDescription,
        components: r.OperationComponent.map((c) => c.value),
        category: firstProduct ? String(firstProduct.model_category) : null,
      },
    });
  };

  const semi = editing?.draft.Operation === SEMI_FINISHED_OPERATION;
  const editorRow = editing === null ? null : editing.index === null ? null : rows[editing.index];
  // Options of the component picker; components stored earlier but no longer listed keep showing under their label.
  const options = useMemo(() => {
    if (!editing) return [];
    const listed: { value: string; label: string }[] = semi
      ? (products.data ?? [])
        .filter((p: ProductListRow) => editing.draft.category !== null && String(p.model_category) === editing.draft.category)
        .map((p) => ({ value: p._id, label: `${p.urun_kodu} · ${pairText(p.urun_adi, i18n.language)}` }))
      : (materials.data ?? []).map((m: Material) => ({ value: m._id, label: `${m.material_name} (${m.material_category} / ${m.material_group})` }));
    const known = new Set(listed.map((o) => o.value));
    const kept = (editorRow?.OperationComponent ?? [])
      .filter((c) => editing.draft.components.includes(c.value) && !known.has(c.value))
      .map((c) => ({ value: c.value, label: c.label }));
    return [...kept, ...listed];
  }, [editing, semi, products.data, materials.data, editorRow, i18n.language]);

  const componentLabel = (id: string): string => {
    if (semi) return productById.get(id)?.urun_kodu ?? editorRow?.OperationComponent.find((c) => c.value === id)?.label ?? id;
    return materialById.get(id)?.material_name ?? editorRow?.OperationComponent.find((c) => c.value === id)?.label ?? id;
  };

  const saveDraft = () => {
    if (!editing) return;
    const d = editing.draft;
    const components: OperationComponent[] = d.components.map((value) => ({ value, label: componentLabel(value) }));
    const row: ProductionDetail = { No: Number(d.No) || nextNo(rows.map((r) => r.No)), Operation: d.Operation, OperationDescription: d.OperationDescription.trim(), OperationComponent: components };
    const next = editing.index === null ? [...rows, row] : rows.map((r, i) => (i === editing.index ? row : r));
    form.setFieldValue('productiondetail', [...next].sort((a, b) => a.No - b.No));
    setEditing(null);
  };
  const removeRow = (index: number) => form.setFieldValue('productiondetail', rows.filter((_, i) => i !== index));

  const copy = () => {
    copyRows('productiondetail', rows);
    notifySuccess('models.copy.copied', { count: rows.length });
  };
  const paste = () => {
    const result = pasteRows<ProductionDetail>('productiondetail');
    if (!result.ok) {
      pasteFailed(result.reason, t);
      return;
    }
    let no = nextNo(rows.map((r) => r.No));
    const added = result.rows.map((r) => ({ ...r, No: no++ }));
    form.setFieldValue('productiondetail', [...rows, ...added]);
    notifySuccess('models.copy.pasted', { count: added.length });
  };

  const columns: DataTableColumn<ProductionDetail>[] = [
    { key: 'no', header: t('models.production.no'), width: 60, render: (r) => <Text size="sm" fw={600}>{r.No}</Text> },
    {
      key: 'op', header: t('models.production.operation'),
      render: (r) => <Badge variant="light" color={r.Operation === SEMI_FINISHED_OPERATION ? 'grape' : 'blue'} style={{ textTransform: 'none', whiteSpace: 'nowrap' }}>{r.Operation}</Badge>,
    },
    { key: 'desc', header: t('models.production.description'), render: (r) => <Text size="sm">{r.OperationDescription || <Text span c="dimmed">—</Text>}</Text> },
    {
      key: 'components', header: t('models.production.components'),
      render: (r) => r.OperationComponent.length === 0 ? <Text size="sm" c="dimmed">—</Text> : (
        <Group gap={4}>
          {r.OperationComponent.map((c) => <Badge key={c.value} variant="outline" color="gray" radius="sm" style={{ textTransform: 'none' }}>{c.label}</Badge>)}
        </Group>
      ),
    },
    {
      key: 'actions', header: '', width: 84, align: 'right',
      render: (_r, i) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={t('models.form.editRow')}>
            <ActionIcon variant="subtle" onClick={() => openRow(i)} disabled={!ready} aria-label={t('models.form.editRow')}><IconPencil size={16} /></ActionIcon>
          </Tooltip>
          <Tooltip label={t('models.form.deleteRow')}>
            <ActionIcon variant="subtle" color="red" onClick={() => removeRow(i)} aria-label={t('models.form.deleteRow')}><IconTrash size={16} /></ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

  const set = <K extends keyof RowDraft>(k: K, v: RowDraft[K]) => setEditing((e) => (e ? { ...e, draft: { ...e.draft, [k]: v } } : e));

  return (
    <Section
      title={t('models.tabs.production')}
      icon={<IconSettingsCog size={18} />}
      right={(
        <Group gap="xs">
          {!ready && !loadError && <Group gap={6}><Loader size="xs" /><Text size="xs" c="dimmed">{t('models.production.loadingLists')}</Text></Group>}
          <Button size="xs" variant="default" leftSection={<IconClipboardCopy size={16} />} onClick={copy} disabled={rows.length === 0}>{t('models.copy.copy')}</Button>
          <Button size="xs" variant="default" leftSection={<IconClipboardText size={16} />} onClick={paste}>{t('models.copy.paste')}</Button>
          <Button size="xs" leftSection={<IconPlus size={16} />} onClick={() => openRow(null)} disabled={!ready} data-testid="production-add">{t('models.production.add')}</Button>
        </Group>
      )}
    >
      {loadError && (
        <Alert color="red" variant="light" mb="sm" title={t('models.production.loadFailed')}>
          <Group gap="sm">
            <Text size="sm">{loadError.message}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => { void materials.refetch(); void products.refetch(); }}>{t('models.list.retry')}</Button>
          </Group>
        </Alert>
      )}
      <DataTable columns={columns} rows={rows} rowKey={(r, i) => `${r.No}-${i}`} minWidth={760} emptyText={t('models.production.empty')} />
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing?.index === null ? t('models.production.addTitle') : t('models.production.editTitle')} size="lg" centered>
        {editing && (
          <Stack gap="sm">
            <Grid gutter="sm">
              <Grid.Col span={{ base: 12, sm: 3 }}>
                <NumberField label={t('models.production.no')} value={editing.draft.No} onChange={(v) => set('No', v)} min={1} allowDecimal={false} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 9 }}>
                <Select
                  label={t('models.production.operation')}
                  data={[...DEFAULT_OPERATIONS]}
                  value={editing.draft.Operation}
                  allowDeselect={false}
                  onChange={(v) => v && setEditing((e) => (e ? { ...e, draft: { ...e.draft, Operation: v as Operation, components: (v === SEMI_FINISHED_OPERATION) === (e.draft.Operation === SEMI_FINISHED_OPERATION) ? e.draft.components : [] } } : e))}
                  data-testid="production-operation"
                />
              </Grid.Col>
            </Grid>
            <Textarea label={t('models.production.description')} autosize minRows={2} value={editing.draft.OperationDescription} onChange={(e) => set('OperationDescription', e.currentTarget.value)} data-testid="production-description" />
            {semi && (
              <Select
                label={t('models.production.productCategory')}
                placeholder={t('models.form.chooseCategory')}
                data={MODEL_CATEGORIES.map((c) => ({ value: String(c), label: t(categoryLabelKey(c)) }))}
                value={editing.draft.category}
                onChange={(v) => set('category', v)}
              />
            )}
            <MultiSelect
              label={semi ? t('models.production.products') : t('models.production.materials')}
              placeholder={semi && editing.draft.category === null ? t('models.production.chooseCategoryFirst') : t('models.production.pick')}
              data={options}
              value={editing.draft.components}
              onChange={(v) => set('components', v)}
              searchable
              clearable
              hidePickedOptions
              maxDropdownHeight={260}
              nothingFoundMessage={t('common.noRecords')}
              comboboxProps={{ withinPortal: true }}
              data-testid="production-components"
            />
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={() => setEditing(null)}>{t('common.cancel')}</Button>
              <Button onClick={saveDraft} data-testid="production-apply">{t('models.form.apply')}</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Section>
  );
}
