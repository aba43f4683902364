import { useEffect, useState } from 'react';
import { Button, FileButton, Grid, Group, Image, Modal, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { NumberField } from '../../../components/number-field';
import { CURRENCIES, fitsUnit, PRODUCT_CODE_PARTS, OFFER_EDITOR_ORDER_TYPES, UNITS, vatOptions, UPLOAD_IMAGE_ACCEPT, formatNumber, joinOfferCode, tryComputeOffer, type UploadedFile } from '@isik/domain';
import { IconDeviceFloppy, IconPhotoOff, IconUpload } from '@tabler/icons-react';
import { api, notifyError } from '../../../lib/api';
import { useTranslation } from 'react-i18next';
import type { ItemValues } from '../model/offer-values';

export interface ItemEditorProps {
  item: ItemValues | null;
  rates: { usd: number | string; eur: number | string };
  offerCurrency: string;
  /** The offer settings' VAT choices (DECISIONS 3); the item's own rate is added when it is not one of them. */
  vatChoices?: readonly number[];
  onClose: () => void;
  onSave: (item: ItemValues) => void;
}

/** What a NumberField reported, as the item keeps it: its number, or NaN for an empty or refused text (never a silent 0). */
const fieldNumber = (x: number | string): number => (typeof x === 'number' ? x : Number.NaN);

/** The large row editor (spec 001 2.10, 3.6): product, the nine code parts, quantity, unit, price, currency, VAT, order type, stock, photo. */
export function ItemEditor({ item, rates, offerCurrency, vatChoices, onClose, onSave }: ItemEditorProps) {
  const { t } = useTranslation();
  const [v, setV] = useState<ItemValues | null>(item);
  // Field messages show once the user tried to apply, not while an empty row is first opened.
  const [tried, setTried] = useState(false);
  const [uploading, setUploading] = useState(false);
  useEffect(() => { setV(item); setTried(false); }, [item]);
  if (!v) return null;
  const set = <K extends keyof ItemValues>(k: K, value: ItemValues[K]) => setV({ ...v, [k]: value });
  // The photo is stored by the file service first; the item keeps its /api/files address (the server takes no other).
  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      const body = new FormData();
      body.append('file', file, file.name);
      const stored = await api<UploadedFile>('/files/upload', { method: 'POST', body });
      setV((cur) => (cur ? { ...cur, urun_resim: stored.url } : cur));
    } catch (err) {
      notifyError(err);
    } finally {
      setUploading(false);
    }
  };
  const rate = (x: number | string) => (x === '' ? null : Number(x));
  const nameMissing = !v.urun_adi.trim();
  const qtyBad = !(v.urun_miktari > 0);
  // Pieces (Adet, Takım, Paket) are whole numbers; metres and kilograms take decimals (issue 23).
  const qtyNotWhole = !qtyBad && !fitsUnit(v.urun_miktari, v.urun_birimi);
  // NaN: the price field refuses its text (and says why next to it); an empty price is no price either.
  const priceBad = !(v.urun_fiyati >= 0);
  const money = qtyBad || priceBad ? null : tryComputeOffer([v], { usd: rate(rates.usd), eur: rate(rates.eur) }, offerCurrency);

  return (
    <Modal opened onClose={onClose} size="56rem" centered title={t('offers.item.editTitle')} data-testid="offer-item-editor">
      <Grid>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <Stack gap={6} align="center">
            {v.urun_resim
              ? <Image src={v.urun_resim} alt={v.urun_adi} h={120} w={120} fit="contain" radius="sm" />
              : <Stack h={120} w={120} align="center" justify="center" bg="var(--mantine-color-gray-light)"><IconPhotoOff size={32} /></Stack>}
            <FileButton onChange={(f) => void upload(f)} accept={UPLOAD_IMAGE_ACCEPT}>
              {(props) => <Button {...props} size="compact-xs" variant="light" loading={uploading} leftSection={<IconUpload size={14} />}>{t('offers.item.uploadPhoto')}</Button>}
            </FileButton>
            {v.urun_resim && <Button size="compact-xs" variant="subtle" color="red" onClick={() => set('urun_resim', '')}>{t('offers.item.removePhoto')}</Button>}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 9 }}>
          <TextInput
            label={t('offers.item.name')} required value={v.urun_adi} maxLength={300} data-autofocus
            error={tried && nameMissing ? t('msg.offer.item.name.required') : undefined} onChange={(e) => set('urun_adi', e.currentTarget.value)}
          />
          <TextInput
            label={t('offers.item.nameEn')} value={v.urun_adi_en} maxLength={300} mt="xs"
            onChange={(e) => set('urun_adi_en', e.currentTarget.value)}
          />
          <Text size="sm" fw={500} mt="sm" mb={4}>{t('offers.item.code')}: <Text span c="dimmed">{joinOfferCode(v.urun_kodu) || '—'}</Text></Text>
          <Grid gutter="xs">
            {PRODUCT_CODE_PARTS.map((p, i) => (
              <Grid.Col span={{ base: 6, sm: 4 }} key={p}>
                <TextInput
                  size="xs" label={t(`offers.codePart.${p}`)} value={v.urun_kodu[i] ?? ''} maxLength={100}
                  onChange={(e) => { const parts = [...v.urun_kodu]; parts[i] = e.currentTarget.value; set('urun_kodu', parts); }}
                />
              </Grid.Col>
            ))}
          </Grid>
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <NumberField
            label={t('offers.item.qty')} value={v.urun_miktari} min={0} decimalScale={4} decimalSeparator="," thousandSeparator="."
            error={tried && qtyBad ? t('msg.offer.item.qty.invalid') : qtyNotWhole ? t('msg.unit.qty.whole') : undefined} onChange={(x) => set('urun_miktari', fieldNumber(x))}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <Select label={t('offers.item.unit')} data={[...UNITS]} value={v.urun_birimi} allowDeselect={false} onChange={(x) => set('urun_birimi', x ?? 'Adet')} comboboxProps={{ withinPortal: true }} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <NumberField
            label={t('offers.item.price')} value={v.urun_fiyati} min={0} decimalScale={4} fixedDecimalScale={false} decimalSeparator="," thousandSeparator="."
            error={tried && priceBad ? t('msg.offer.item.price.invalid') : undefined} onChange={(x) => set('urun_fiyati', fieldNumber(x))}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <Select label={t('offers.item.currency')} data={[...CURRENCIES]} value={v.urun_dovizi} allowDeselect={false} onChange={(x) => set('urun_dovizi', x ?? '$')} comboboxProps={{ withinPortal: true }} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <Select
            label={t('offers.item.vat')} data={vatOptions(vatChoices, v.urun_kdv).map((n) => ({ value: String(n), label: `% ${n}` }))} value={String(v.urun_kdv)} allowDeselect={false}
            onChange={(x) => set('urun_kdv', Number(x ?? v.urun_kdv))} comboboxProps={{ withinPortal: true }} data-testid="offer-item-vat"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <Select
            label={t('offers.item.orderType')} allowDeselect={false} comboboxProps={{ withinPortal: true }}
            data={[...new Set([...OFFER_EDITOR_ORDER_TYPES, v.order_type])].map((o) => ({ value: o, label: t(`offers.orderType.${o}`) }))}
            value={v.order_type} onChange={(x) => set('order_type', x ?? 'default')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Switch mt={30} label={t('offers.item.takeoff')} checked={v.takeoff_from_stock} onChange={(e) => set('takeoff_from_stock', e.currentTarget.checked)} />
          {v.urun_id && <Text size="xs" c="dimmed" mt={4}>{t('offers.item.stock', { stock: formatNumber(v.stockSum, 2) })}</Text>}
        </Grid.Col>
      </Grid>
      <Group justify="space-between" mt="lg">
        <Text size="sm" c="dimmed" data-testid="offer-item-preview">
          {money ? `${formatNumber(money.lines[0].toplamTL)} ₺ + ${formatNumber(money.lines[0].toplamKdvTL)} ₺ ${t('offers.totals.vat')}` : t('offers.rates.needed')}
        </Text>
        <Group>
          <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
          <Button leftSection={<IconDeviceFloppy size={16} />} onClick={() => (nameMissing || qtyBad || qtyNotWhole || priceBad ? setTried(true) : onSave(v))} data-testid="offer-item-save">{t('offers.item.apply')}</Button>
        </Group>
      </Group>
    </Modal>
  );
}
