import { useEffect, useRef, useState } from 'react';
import { Button, Group, MultiSelect, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LABEL_PAGES, LABEL_TYPES, UNITS, labelDataSchema, labelFromProduct, labelInLanguage, newLabel, type LabelData, type LabelType, type MyCompany, type Product } from '@isik/domain';
import { api } from '../lib/api';
import { safeStorage } from '../lib/store';
import { setLanguage } from '../i18n';
import { NumberField } from './number-field';
import { ProductPickerModal } from './pickers';

/** Where the editor keeps the label (spec 002 2.7: label data is stored locally; the label page reads it). */
export const LABEL_STORAGE_KEY = 'isik.label';

export function readStoredLabel(): LabelData {
  try {
    const raw = safeStorage('local')?.getItem(LABEL_STORAGE_KEY);
    const parsed = raw ? labelDataSchema.safeParse(JSON.parse(raw)) : null;
    return parsed?.success ? parsed.data : newLabel();
  } catch {
    return newLabel();
  }
}

const pair = (p: readonly string[] | undefined, lang: 0 | 1) => (p?.[lang] || p?.[0] || '').trim();

export interface LabelEditorProps {
  /** The product to start from (the production detail's line); the stand-alone page starts from the stored label. */
  productId?: string;
  onClose?: () => void;
}

/**
 * The label editor (spec 002 2.7): type, language, product, every field of the Label, logo and QR switches; 'create
 * PDF' keeps the label locally and opens its page (box /pdf/label10x10, solar panel /pdf/label8x10, battery
 * /pdf/label8x6) in a new window.
 */
export function LabelEditor({ productId, onClose }: LabelEditorProps) {
  const { t } = useTranslation();
  // Opened for a product (the production detail's line): a fresh label of the last type and language for that product,
  // not the label last stored for another one.
  const [label, setLabel] = useState<LabelData>(() => {
    const stored = readStoredLabel();
    return productId ? { ...newLabel(stored.type, stored.Lang), logoOpen: stored.logoOpen, qrOpen: stored.qrOpen, ProductID: productId } : stored;
  });
  const [product, setProduct] = useState<Product | null>(null);
  const [company, setCompany] = useState<MyCompany | null>(null);
  const [picking, setPicking] = useState(false);
  const set = <K extends keyof LabelData>(k: K, v: LabelData[K]) => setLabel((l) => ({ ...l, [k]: v }));

  const fetchProduct = async (id: string) => Promise.all([
    api<Product>(`/products/${encodeURIComponent(id)}`),
    company ? Promise.resolve(company) : api<MyCompany>('/company/1').catch(() => null),
  ]);
  const load = async (id: string, base: LabelData) => {
    const [p, c] = await fetchProduct(id);
    setProduct(p);
    setCompany(c);
    // In the language the label has when the product arrives (a switch made meanwhile holds).
    setLabel((cur) => labelFromProduct({ ...base, Lang: cur.Lang }, p, c));
  };

  // The product of the line fills the label; a stored label's product is read (its values stay as edited) so that a
  // language switch can refill the model, name and specs from it.
  const initial = useRef(label);
  // A language switched before the stored label's product arrived: the refill is made when it arrives.
  const langPending = useRef(false);
  useEffect(() => {
    const start = initial.current;
    if (productId) {
      void load(productId, start).catch(() => undefined);
    } else if (start.ProductID) {
      void fetchProduct(start.ProductID).then(([p, c]) => {
        setProduct((cur) => cur ?? p);
        setCompany((cur) => cur ?? c);
        if (langPending.current) setLabel((l) => (l.ProductID === p._id ? labelInLanguage(l, l.Lang, p) : l));
        langPending.current = false;
      }, () => undefined);
    }
    // Once, for the product the editor opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [productId]);

  const changeType = (type: LabelType) => {
    const fresh = { ...newLabel(type, label.Lang), logoOpen: label.logoOpen, qrOpen: label.qrOpen };
    setLabel(product ? labelFromProduct(fresh, product, company) : fresh);
  };
  // Spec 002 2.7: the language switch refills the label from its product and changes the interface's language too.
  const changeLang = (lang: 0 | 1) => {
    if (!product && label.ProductID) langPending.current = true;
    setLabel(labelInLanguage(label, lang, product));
    void setLanguage(lang === 1 ? 'en' : 'tr');
  };
  const createPdf = () => {
    safeStorage('local')?.setItem(LABEL_STORAGE_KEY, JSON.stringify(label));
    window.open(`/pdf/${LABEL_PAGES[label.type]}`, '_blank');
  };
  const certOptions = Array.from(new Set([...(company?.certificates ?? []).map((c) => c.certificate), ...label.Certificates.map((c) => c.certificate)]));

  return (
    <Stack gap="sm" data-testid="label-editor">
      <Group grow align="flex-end">
        <Select label={t('labelEditor.type')} data={[...LABEL_TYPES]} value={label.type} allowDeselect={false} onChange={(v) => v && changeType(v as LabelType)} />
        <Stack gap={4}>
          <Text size="sm" fw={500}>{t('labelEditor.language')}</Text>
          <SegmentedControl data={[{ value: '0', label: 'Türkçe' }, { value: '1', label: 'English' }]} value={String(label.Lang)} onChange={(v) => changeLang(v === '1' ? 1 : 0)} />
        </Stack>
      </Group>
      <Group justify="space-between">
        <Text size="sm">{t('labelEditor.product')}: <b>{product ? `${product.urun_kodu} ${pair(product.urun_adi, label.Lang)}` : label.productCode || t('labelEditor.noProduct')}</b></Text>
        <Button size="xs" variant="default" onClick={() => setPicking(true)}>{t('labelEditor.pickProduct')}</Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label={t('labelEditor.model')} value={label.model} onChange={(e) => set('model', e.currentTarget.value)} />
        <TextInput label={t('labelEditor.productName')} value={label.productName} onChange={(e) => set('productName', e.currentTarget.value)} />
        <TextInput label={t('labelEditor.productCode')} value={label.productCode} onChange={(e) => set('productCode', e.currentTarget.value)} />
        <TextInput label={t('labelEditor.power')} value={label.Power} onChange={(e) => set('Power', e.currentTarget.value)} />
        <TextInput label={t('labelEditor.voltage')} value={label.Voltage} onChange={(e) => set('Voltage', e.currentTarget.value)} />
        <TextInput label={t('labelEditor.dimensions')} value={label.Dimensions} onChange={(e) => set('Dimensions', e.currentTarget.value)} />
        <TextInput label={t('labelEditor.weight')} value={label.Weight} onChange={(e) => set('Weight', e.currentTarget.value)} />
        <TextInput label={t('labelEditor.capacity')} value={label.Capacity} onChange={(e) => set('Capacity', e.currentTarget.value)} />
        <Select label={t('labelEditor.unit')} data={[...UNITS]} value={label.Unit || 'Adet'} allowDeselect={false} onChange={(v) => v && set('Unit', v)} />
        <NumberField label={t('labelEditor.boxQty')} value={label.BoxQty} decimalScale={0} min={1} onChange={(v) => set('BoxQty', typeof v === 'number' && v >= 1 ? v : 1)} />
      </SimpleGrid>
      <MultiSelect
        label={t('labelEditor.certificates')} data={certOptions} value={label.Certificates.map((c) => c.certificate)} searchable
        onChange={(names) => set('Certificates', names.map((n) => label.Certificates.find((c) => c.certificate === n) ?? company?.certificates.find((c) => c.certificate === n) ?? { certificate: n, file: '', bwfile: '' }))}
      />
      <Textarea
        label={t('labelEditor.specs')} autosize minRows={2} maxRows={6}
        value={label.Specs.map((s) => `${s.urun_ozellik}: ${s.urun_aciklama}`).join('\n')}
        onChange={(e) => set('Specs', e.currentTarget.value.split('\n').filter((line) => line.trim()).map((line) => {
          const at = line.indexOf(':');
          return at < 0 ? { urun_ozellik: line.trim(), urun_aciklama: '' } : { urun_ozellik: line.slice(0, at).trim(), urun_aciklama: line.slice(at + 1).trim() };
        }))}
      />
      <Textarea label={t('labelEditor.warning')} autosize minRows={2} maxRows={4} value={label.warning} onChange={(e) => set('warning', e.currentTarget.value)} />
      <Group>
        <Switch label={t('labelEditor.logo')} checked={label.logoOpen} onChange={(e) => set('logoOpen', e.currentTarget.checked)} />
        <Switch label={t('labelEditor.qr')} checked={label.qrOpen} onChange={(e) => set('qrOpen', e.currentTarget.checked)} />
      </Group>
      <Group justify="flex-end">
        {onClose && <Button variant="default" onClick={onClose}>{t('labelEditor.close')}</Button>}
        <Button onClick={createPdf} data-testid="label-create-pdf">{t('labelEditor.createPdf')}</Button>
      </Group>
      <ProductPickerModal opened={picking} onClose={() => setPicking(false)} onSelect={(p) => { setPicking(false); void load(p._id, label); }} />
    </Stack>
  );
}
