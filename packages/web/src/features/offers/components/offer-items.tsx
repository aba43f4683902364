import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Divider, Group, Image, Menu, Paper, Table, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { formatNumber, hasText, itemVat, joinOfferCode, productCodeParts, type Material, type OfferComputation, type ProductListRow } from '@isik/domain';
import { IconDotsVertical, IconPackage, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MaterialPickerModal, ProductPickerModal, fetchPickedProduct, productImage, productName } from '../../../components/pickers';
import { notifyError } from '../../../lib/api';
import { offerSettingsQuery } from '../api/offers-api';
import { newItem, newRowKey, type ItemValues, type OfferFormValues } from '../model/offer-values';
import { ItemEditor } from './item-editor';
import { OfferTotals } from './offer-totals';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

export interface OfferItemsProps {
  form: UseFormReturnType<OfferFormValues>;
  canWrite: boolean;
  /** Rows may be added and deleted (the stored status allows it and the user may write). */
  rowsEditable: boolean;
  money: OfferComputation | null;
}

/**
 * The offer's items (spec 001 2.10, 3.6): the table, rows added from a product, a material or free, edited in the
 * large row editor, and the totals under them.
 */
export function OfferItems({ form, canWrite, rowsEditable, money }: OfferItemsProps) {
  const { t } = useTranslation();
  const settings = useQuery(offerSettingsQuery).data;
  const [editing, setEditing] = useState<{ index: number; item: ItemValues } | null>(null);
  const [picker, setPicker] = useState<'product' | 'material' | null>(null);
  const v = form.values;
  const serverErrors = form.errors as Record<string, string | undefined>;

  const addPicked = (item: ItemValues) => setEditing({ index: -1, item });
  // The picker answers list rows; the item's code parts and VAT come from the whole product.
  const fromProduct = (row: ProductListRow) => void fetchPickedProduct(row._id).then((p) => addPicked({
    ...newItem(settings?.urun_kdv), urun_id: p._id, urun_resim: productImage(row),
    // The product's name pair: each document prints the name of its language.
    urun_adi: productName(row, 'tr'), urun_adi_en: hasText(row.urun_adi?.[1]) ? (row.urun_adi?.[1] ?? '').trim() : '',
    urun_kodu: productCodeParts(p),
    urun_kdv: itemVat(p.urun_model?.model_kdv, settings?.vat_choices, settings?.urun_kdv), urun_fiyati: p.urun_fiyat ?? 0, urun_dovizi: p.urun_doviz || '$', stockSum: row.stockSum ?? 0,
    order_type: 'production',
  })).catch((e) => notifyError(e));
  const fromMaterial = (m: Material) => addPicked({
    ...newItem(settings?.urun_kdv), urun_id: m._id, urun_resim: m.material_img, urun_adi: m.material_name, urun_kodu: [m.material_category, m.material_group, '', '', '', '', '', '', ''],
    urun_birimi: m.material_unit, urun_fiyati: m.material_price, urun_dovizi: m.material_doviz, order_type: 'material', stockSum: m.stockSum,
  });
  const saveItem = (item: ItemValues) => {
    const items = [...v.offeritem];
    if (editing && editing.index >= 0) items[editing.index] = item;
    else items.push({ ...item, key: item.key || newRowKey() });
    form.setFieldValue('offeritem', items);
    setEditing(null);
  };
  const removeItem = (index: number) => form.setFieldValue('offeritem', v.offeritem.filter((_, i) => i !== index));

  return (
    <>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="sm">
          <Title order={5}>{t('offers.items.title')}</Title>
          {rowsEditable && (
            <Group gap="xs">
              <Button size="xs" variant="light" leftSection={<IconPackage size={16} />} onClick={() => setPicker('product')} data-testid="offer-add-product">{t('offers.items.addProduct')}</Button>
              <Button size="xs" variant="light" leftSection={<IconPackage size={16} />} onClick={() => setPicker('material')}>{t('offers.items.addMaterial')}</Button>
              <Button size="xs" variant="default" leftSection={<IconPlus size={16} />} onClick={() => addPicked(newItem(settings?.urun_kdv))} data-testid="offer-add-row">{t('offers.items.addRow')}</Button>
            </Group>
          )}
        </Group>
        {serverErrors.offeritem && <Alert color="red" variant="light" mb="sm">{serverErrors.offeritem}</Alert>}
        <Table.ScrollContainer minWidth={860}>
          <Table verticalSpacing="xs" striped data-testid="offer-items">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={56} />
                <Table.Th>{t('offers.item.name')}</Table.Th>
                <Table.Th ta="right">{t('offers.item.qty')}</Table.Th>
                <Table.Th ta="right">{t('offers.item.price')}</Table.Th>
                <Table.Th ta="right">{t('offers.item.vat')}</Table.Th>
                <Table.Th ta="right">{t('offers.item.rowTotal')}</Table.Th>
                <Table.Th ta="right">{t('offers.item.rowGrand')}</Table.Th>
                <Table.Th w={48} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {v.offeritem.length === 0 && <Table.Tr><Table.Td colSpan={8}><Text size="sm" c="dimmed" ta="center" py="md">{t('offers.items.empty')}</Text></Table.Td></Table.Tr>}
              {v.offeritem.map((it, i) => {
                const line = money?.lines[i];
                return (
                  <Table.Tr key={it.key} data-testid="offer-item-row">
                    <Table.Td>{it.urun_resim ? <Image src={it.urun_resim} alt="" h={40} w={40} fit="contain" /> : null}</Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={500}>{it.urun_adi}</Text>
                      <Group gap={6}>
                        {joinOfferCode(it.urun_kodu) && <Text size="xs" c="dimmed">{joinOfferCode(it.urun_kodu)}</Text>}
                        {it.order_type !== 'default' && <Badge size="xs" variant="light">{t(`offers.orderType.${it.order_type}`)}</Badge>}
                        {it.takeoff_from_stock && <Badge size="xs" variant="light" color="teal">{t('offers.item.fromStock')}</Badge>}
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right" style={NOWRAP}>{formatNumber(it.urun_miktari, Number.isInteger(it.urun_miktari) ? 0 : 2)} {it.urun_birimi}</Table.Td>
                    <Table.Td ta="right" style={NOWRAP}>{formatNumber(it.urun_fiyati)} {it.urun_dovizi}</Table.Td>
                    <Table.Td ta="right">% {it.urun_kdv}</Table.Td>
                    <Table.Td ta="right" style={NOWRAP} data-testid="offer-item-total">{line ? `${formatNumber(line.toplamTL)} ₺` : '—'}</Table.Td>
                    <Table.Td ta="right" style={NOWRAP}>{line ? `${formatNumber(line.toplamTL + line.toplamKdvTL)} ₺` : '—'}</Table.Td>
                    <Table.Td>
                      {canWrite && (
                        <Menu position="bottom-end" withinPortal>
                          <Menu.Target><ActionIcon variant="subtle" color="gray" aria-label={t('offers.items.rowMenu', { name: it.urun_adi })}><IconDotsVertical size={16} /></ActionIcon></Menu.Target>
                          <Menu.Dropdown>
                            <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setEditing({ index: i, item: it })}>{t('common.edit')}</Menu.Item>
                            {rowsEditable && <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => removeItem(i)}>{t('common.delete')}</Menu.Item>}
                          </Menu.Dropdown>
                        </Menu>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Divider my="sm" />
        <OfferTotals money={money} currency={v.teklif_dovizi} error={serverErrors.tutarhatasi} />
      </Paper>
      <ItemEditor
        item={editing?.item ?? null} rates={{ usd: v.teklif_usdkur, eur: v.teklif_eurkur }} offerCurrency={v.teklif_dovizi} vatChoices={settings?.vat_choices}
        onClose={() => setEditing(null)} onSave={saveItem}
      />
      <ProductPickerModal opened={picker === 'product'} onClose={() => setPicker(null)} onSelect={(p) => { setPicker(null); fromProduct(p); }} />
      <MaterialPickerModal opened={picker === 'material'} onClose={() => setPicker(null)} onSelect={(m) => { setPicker(null); fromMaterial(m); }} />
    </>
  );
}
