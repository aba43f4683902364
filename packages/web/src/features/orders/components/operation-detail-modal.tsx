import { useEffect, useState } from 'react';
import { ActionIcon, Button, Checkbox, Group, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatNumber, isUndetermined } from '@isik/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/number-field';
import { materialCategoriesPickerQuery } from '../../../components/pickers/picker-api';
import { groupOptions } from '../../../components/pickers/picker-helpers';
import { operationMaterialsQuery } from '../api/orders-api';
import { autoPick, filterMaterials } from '../model/order-logic';
import type { Operation, OperationDetail } from '../model/types';

const UNKNOWN = 'Bilinmeyen';

/** The row a new operation or 'add material row' starts with: material 'Bilinmeyen' (none), stock update on (spec 002 4). */
export function newDetailRow(): OperationDetail {
  return { material: '', material_name: UNKNOWN, material_category: '', material_group: '', component: false, materialQty: 1, totalQty: 0, unit: 'Adet', StockUpdate: true, status: 0 };
}

/** One material row: category and group narrow the material select; a single match is picked (spec 002 2.4). */
function DetailRowEditor({ row, orderQty, onChange, onRemove, index }: { row: OperationDetail; orderQty: number; onChange: (r: OperationDetail) => void; onRemove: () => void; index: number }) {
  const { t } = useTranslation();
  const cats = useQuery(materialCategoriesPickerQuery);
  const mats = useQuery(operationMaterialsQuery(row.material_category, row.material_group));
  const matches = filterMaterials(mats.data?.materials ?? [], row.material_category, row.material_group);
  const current = isUndetermined(row) ? null : row.material;
  useEffect(() => {
    const picked = autoPick(matches, current);
    if (!current && picked && (row.material_category || row.material_group)) {
      const m = matches[0];
      onChange({ ...row, material: m._id, material_name: m.material_name, unit: m.material_unit, status: m.stockSum });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mats.data, row.material_category, row.material_group]);
  const options = matches.map((m) => ({ value: m._id, label: m.material_name }));
  if (current && !options.some((o) => o.value === current)) options.unshift({ value: current, label: row.material_name || current });
  return (
    <Table.Tr data-testid={`detail-row-${index}`}>
      <Table.Td>
        <Select
          aria-label={t('orders.materials.category')} size="xs" data={(cats.data?.categories ?? []).filter(Boolean)} value={row.material_category || null} clearable searchable
          onChange={(v) => onChange({ ...row, material_category: v ?? '', material_group: '', material: '', material_name: UNKNOWN })} comboboxProps={{ withinPortal: true }}
        />
      </Table.Td>
      <Table.Td>
        <Select
          aria-label={t('orders.materials.group')} size="xs" data={groupOptions(cats.data, row.material_category || null)} value={row.material_group || null} clearable searchable
          onChange={(v) => onChange({ ...row, material_group: v ?? '', material: '', material_name: UNKNOWN })} comboboxProps={{ withinPortal: true }}
        />
      </Table.Td>
      <Table.Td miw={200}>
        <Select
          aria-label={t('orders.materials.material')} size="xs" data={options} value={current} searchable
          error={current ? undefined : t('orders.materials.selectionRequired')}
          onChange={(v) => {
            const m = matches.find((x) => x._id === v);
            onChange(m ? { ...row, material: m._id, material_name: m.material_name, unit: m.material_unit, material_category: m.material_category, material_group: m.material_group, status: m.stockSum } : { ...row, material: '', material_name: UNKNOWN });
          }}
          comboboxProps={{ withinPortal: true }}
        />
      </Table.Td>
      <Table.Td w={110}>
        <NumberField
          aria-label={t('orders.materials.perUnit')} size="xs" min={0} decimalScale={4} allowNegative={false} value={row.materialQty}
          onChange={(v) => { const q = v === '' ? 0 : Number(v); onChange({ ...row, materialQty: q, totalQty: Math.round(q * orderQty * 10000) / 10000 }); }}
        />
      </Table.Td>
      <Table.Td ta="right"><Text size="xs">{formatNumber(row.materialQty * orderQty)} {row.unit}</Text></Table.Td>
      <Table.Td><Checkbox aria-label={t('orders.materials.stockUpdate')} checked={row.StockUpdate} onChange={(e) => onChange({ ...row, StockUpdate: e.currentTarget.checked })} /></Table.Td>
      <Table.Td><ActionIcon variant="subtle" color="red" aria-label={t('common.delete')} onClick={onRemove}><IconTrash size={16} /></ActionIcon></Table.Td>
    </Table.Tr>
  );
}

/** The operation-detail modal of spec 002 2.4: name, description and the material rows of one operation. */
export function OperationDetailModal({ operation, orderQty, onClose, onApply }: { operation: Operation; orderQty: number; onClose: () => void; onApply: (op: Operation) => void }) {
  const { t } = useTranslation();
  const [op, setOp] = useState<Operation>(operation);
  const rows = op.OperationDetails ?? [];
  const setRows = (next: OperationDetail[]) => setOp((o) => ({ ...o, OperationDetails: next }));
  return (
    <Modal opened onClose={onClose} title={t('orders.editor.detailTitle', { name: operation.Operation })} size="90%" centered>
      <Stack>
        <TextInput label={t('orders.editor.description')} value={op.OperationDescription ?? ''} onChange={(e) => { const v = e.currentTarget.value; setOp((o) => ({ ...o, OperationDescription: v })); }} />
        <Table.ScrollContainer minWidth={900}>
          <Table withTableBorder fz="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('orders.materials.category')}</Table.Th>
                <Table.Th>{t('orders.materials.group')}</Table.Th>
                <Table.Th>{t('orders.materials.material')}</Table.Th>
                <Table.Th>{t('orders.materials.perUnit')}</Table.Th>
                <Table.Th ta="right">{t('orders.materials.total')}</Table.Th>
                <Table.Th>{t('orders.materials.stockUpdate')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r, i) => (
                <DetailRowEditor
                  key={i} index={i} row={r} orderQty={orderQty}
                  onChange={(next) => setRows(rows.map((x, j) => (j === i ? next : x)))}
                  onRemove={() => setRows(rows.filter((_, j) => j !== i))}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="space-between">
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setRows([...rows, newDetailRow()])}>{t('orders.editor.addMaterial')}</Button>
          <Group>
            <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
            <Button onClick={() => onApply({ ...op, OperationDetails: rows.map((r) => ({ ...r, totalQty: Math.round(r.materialQty * orderQty * 10000) / 10000 })) })} data-testid="detail-apply">{t('orders.editor.apply')}</Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
