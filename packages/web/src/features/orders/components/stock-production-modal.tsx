import { useState } from 'react';
import { Button, FileButton, Group, Image, Modal, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  CURRENCIES, DEFAULT_CURRENCY, DEFAULT_UNIT, OFFER_DEFAULT_VAT, OFFER_VAT_CHOICES, PRODUCT_CODE_PARTS, UNITS, UPLOAD_IMAGE_ACCEPT, codePartsOf, formatNumber, productCodeParts, sellingRates,
  stockLineTotals, type ProductListRow, type UploadedFile,
} from '@isik/domain';
import { IconPhotoUp, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/number-field';
import { ProductPickerModal, fetchPickedProduct, productImage, productName } from '../../../components/pickers';
import { tm } from '../../../i18n';
import { api, fieldErrorsOf, notifyError, notifySuccess } from '../../../lib/api';
import { ratesTodayQuery } from '../../../lib/rates-today';
import { useCreateOrderItem } from '../api/orders-api';
import { useCanDo } from '../../../lib/can-do';

/**
 * 'New stock production' (spec 002 2.2): a line without an offer. Product from the picker (name disabled), the nine
 * code parts, quantity, unit, price, currency, VAT, price in lira, photo, and the row's totals.
 */
export function StockProductionModal({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [picking, setPicking] = useState(false);
  const [product, setProduct] = useState<ProductListRow | null>(null);
  const [parts, setParts] = useState<string[]>(codePartsOf(null));
  const [qty, setQty] = useState<number | ''>(1);
  const [unit, setUnit] = useState<string>(DEFAULT_UNIT);
  const [price, setPrice] = useState<number | ''>(0);
  const [currency, setCurrency] = useState<string>(DEFAULT_CURRENCY);
  const [vat, setVat] = useState<string>(String(OFFER_DEFAULT_VAT));
  const [photo, setPhoto] = useState<string>('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const bulletin = useQuery(ratesTodayQuery);
  // The line's money as the server will store it (domain stockLineMoney), at the bulletin's selling rates.
  const totals = stockLineTotals({ urun_miktari: qty, urun_fiyati: price, urun_kdv: vat, urun_dovizi: currency }, sellingRates(bulletin.data));
  const create = useCreateOrderItem();
  const [uploading, setUploading] = useState(false);
  // Attaching files is the office's (the action table's level 2); role 3 makes the line without a photo.
  const mayUpload = useCanDo('POST /api/files/upload');
  // The photo is stored by the file service first; the line keeps its /api/files address (the server takes no other).
  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      const body = new FormData();
      body.append('file', file, file.name);
      setPhoto((await api<UploadedFile>('/files/upload', { method: 'POST', body })).url);
    } catch (err) {
      notifyError(err);
    } finally {
      setUploading(false);
    }
  };

  const pick = (p: ProductListRow) => {
    setProduct(p);
    setParts(productCodeParts(p));
    // The list row has the model's code; optic, CCT, panel and battery come with the whole product.
    fetchPickedProduct(p._id).then((whole) => setParts(productCodeParts(whole)), (err) => notifyError(err));
    setPrice(p.urun_fiyat ?? 0);
    setCurrency(p.urun_doviz || DEFAULT_CURRENCY);
    setPhoto(productImage(p));
    setPicking(false);
  };

  const submit = () => {
    if (!product) { setErrors({ urun_id: t('orders.stock.pickProduct') }); return; }
    if (qty === '' || !Number.isFinite(qty) || qty <= 0) { setErrors({ urun_miktari: t('orders.stock.qtyRequired') }); return; }
    setErrors({});
    create.mutate({
      urun_id: product._id, urun_adi: productName(product, i18n.language), urun_kodu: parts, urun_miktari: qty, urun_birimi: unit,
      urun_fiyati: price === '' ? 0 : price, urun_dovizi: currency, urun_kdv: Number(vat), urun_resim: photo,
      toplamDoviz: totals.toplamDoviz, toplamKdvDoviz: totals.toplamKdvDoviz, toplamTL: totals.toplamTL ?? 0, toplamKdvTL: totals.toplamKdvTL ?? 0,
    }, {
      onSuccess: () => { notifySuccess('orders.notice.created'); onClose(); },
      onError: (err) => { setErrors(fieldErrorsOf(err) ?? {}); notifyError(err); },
    });
  };

  const money = (v: number | null, c: string) => (v === null ? '—' : `${formatNumber(v)} ${c}`);
  return (
    <Modal opened onClose={onClose} title={t('orders.stock.title')} size="xl" centered>
      <Stack gap="sm">
        <Group align="flex-end" wrap="nowrap">
          <TextInput label={t('orders.stock.product')} value={product ? productName(product, i18n.language) : ''} disabled style={{ flex: 1 }} error={errors.urun_id && tm(errors.urun_id)} />
          <Button variant="light" leftSection={<IconSearch size={16} />} onClick={() => setPicking(true)} data-testid="stock-pick-product">{t('orders.stock.pick')}</Button>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="xs">
          {PRODUCT_CODE_PARTS.map((p, i) => (
            <TextInput key={p} label={t(`orders.code.${p}`)} value={parts[i]} onChange={(e) => { const v = e.currentTarget.value; setParts((ps) => ps.map((x, j) => (j === i ? v : x))); }} />
          ))}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="xs">
          <NumberField label={t('orders.stock.qty')} min={0} decimalScale={2} allowNegative={false} value={qty} onChange={(v) => setQty(v === '' ? '' : Number(v))} error={errors.urun_miktari && tm(errors.urun_miktari)} data-testid="stock-qty" />
          <Select label={t('orders.stock.unit')} data={[...UNITS]} value={unit} onChange={(v) => setUnit(v ?? DEFAULT_UNIT)} allowDeselect={false} comboboxProps={{ withinPortal: true }} />
          <NumberField label={t('orders.stock.price')} min={0} decimalScale={4} allowNegative={false} value={price} onChange={(v) => setPrice(v === '' ? '' : Number(v))} />
          <Select label={t('orders.stock.currency')} data={[...CURRENCIES]} value={currency} onChange={(v) => setCurrency(v ?? DEFAULT_CURRENCY)} allowDeselect={false} comboboxProps={{ withinPortal: true }} />
          <Select label={t('orders.stock.vat')} data={OFFER_VAT_CHOICES.map(String)} value={vat} onChange={(v) => setVat(v ?? String(OFFER_DEFAULT_VAT))} allowDeselect={false} comboboxProps={{ withinPortal: true }} />
          <TextInput label={t('orders.stock.priceTl')} value={money(totals.priceTL, '₺')} readOnly />
        </SimpleGrid>
        <Group align="center">
          {photo && <Image src={photo} w={72} h={72} fit="contain" radius="sm" alt="" />}
          {mayUpload && (
            <FileButton accept={UPLOAD_IMAGE_ACCEPT} onChange={(f) => void upload(f)}>
              {(props) => <Button variant="default" loading={uploading} leftSection={<IconPhotoUp size={16} />} {...props} data-testid="stock-photo">{t('orders.stock.photo')}</Button>}
            </FileButton>
          )}
        </Group>
        <Paper withBorder p="sm" radius="sm" bg="var(--mantine-color-gray-light)">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Stack gap={2}>
              <Text size="sm">{t('orders.stock.total')}: <b>{money(totals.toplamDoviz, currency)}</b></Text>
              <Text size="sm">{t('orders.stock.vatTotal')}: <b>{money(totals.toplamKdvDoviz, currency)}</b></Text>
              <Text size="sm">{t('orders.stock.grand')}: <b data-testid="stock-grand">{money(totals.genelDoviz, currency)}</b></Text>
            </Stack>
            <Stack gap={2}>
              <Text size="sm">{t('orders.stock.total')}: <b>{money(totals.toplamTL, '₺')}</b></Text>
              <Text size="sm">{t('orders.stock.vatTotal')}: <b>{money(totals.toplamKdvTL, '₺')}</b></Text>
              <Text size="sm">{t('orders.stock.grand')}: <b>{money(totals.genelTL, '₺')}</b></Text>
            </Stack>
          </SimpleGrid>
        </Paper>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
          <Button onClick={submit} loading={create.isPending} data-testid="stock-save">{t('common.save')}</Button>
        </Group>
      </Stack>
      <ProductPickerModal opened={picking} onClose={() => setPicking(false)} onSelect={pick} />
    </Modal>
  );
}
