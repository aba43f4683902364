import type { ReactNode } from 'react';
import { Grid, Group, Paper, Select, Stack, Switch, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  BATTERY_CATEGORY, CCT_OPTIONS, CURRENCIES, DIMENSIONS_PLACEHOLDER, OPTIC_OPTIONS, SOLAR_PANEL_CATEGORY, pairText,
  type EmbeddedModel, type ModelLight,
} from '@isik/domain';
import { IconBolt, IconCurrencyDollar, IconInfoCircle, IconRuler } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { tm } from '../../../i18n';
import { modelOptionsQuery } from '../api/products-api';
import type { ProductDraft } from '../model/product-values';
import { NumberField } from '../../../components/number-field';

const HALF = { base: 12, sm: 6 };
const THIRD = { base: 12, sm: 6, md: 4 };
const NUM = { decimalSeparator: ',', thousandSeparator: '.', allowNegative: false } as const;

function Section({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Group gap="xs" mb="md">
        <ThemeIcon variant="light" size="md" radius="md">{icon}</ThemeIcon>
        <Title order={4}>{title}</Title>
      </Group>
      {children}
    </Paper>
  );
}

/** A picked model as the product embeds it (the light list row carries what the product screens use). */
function embed(m: ModelLight): EmbeddedModel {
  return {
    _id: m._id, model_kodu: m.model_kodu, model_adi: m.model_adi, model_kdv: m.model_kdv, model_birimi: m.model_birimi,
    model_kategori: m.model_kategori, model_sira: m.model_sira, model_durumu: m.model_durumu, certificates: m.certificates,
    ModelFeatures: [], modelDownloads: [],
  };
}

export interface DetailTabProps {
  draft: ProductDraft;
  set: (patch: Partial<ProductDraft>) => void;
  errors: Record<string, string>;
}

export function DetailTab({ draft, set, errors }: DetailTabProps) {
  const { t, i18n } = useTranslation();
  const models = useQuery(modelOptionsQuery);
  const err = (field: string) => (errors[field] ? tm(errors[field]) : undefined);
  // NumberField reports a number, '' (empty: 0) or NaN (unreadable: the schema refuses it, the field says why).
  const num = (v: string | number) => (typeof v === 'number' ? v : v === '' ? 0 : Number.NaN);
  const cat = draft.model_category;

  const modelData = (models.data?.models ?? []).map((m) => ({
    value: m._id, label: `${m.model_kodu} — ${pairText(m.model_adi, i18n.language)}`,
  }));
  if (draft.urun_model && !modelData.some((o) => o.value === draft.urun_model!._id)) {
    modelData.unshift({ value: draft.urun_model._id, label: `${draft.urun_model.model_kodu} — ${pairText(draft.urun_model.model_adi, i18n.language)}` });
  }

  const pickModel = (id: string | null) => {
    const m = models.data?.models.find((x) => x._id === id);
    if (!m) {
      set({ urun_model: null, model_category: null });
      return;
    }
    set({ urun_model: embed(m), model_category: m.model_kategori });
  };

  return (
    <Stack gap="md">
      <Section title={t('products.detail.general')} icon={<IconInfoCircle size={18} />}>
        <Grid gutter="md">
          <Grid.Col span={HALF}>
            <TextInput label={t('products.field.nameTr')} name="name_tr" value={draft.name_tr} onChange={(e) => set({ name_tr: e.currentTarget.value })} error={err('name')} withAsterisk={i18n.language === 'tr'} />
          </Grid.Col>
          <Grid.Col span={HALF}>
            <TextInput label={t('products.field.nameEn')} name="name_en" value={draft.name_en} onChange={(e) => set({ name_en: e.currentTarget.value })} withAsterisk={i18n.language !== 'tr'} error={i18n.language !== 'tr' ? err('name') : undefined} />
          </Grid.Col>
          <Grid.Col span={HALF}>
            <Select
              label={t('products.field.model')}
              name="urun_model"
              placeholder={models.isPending ? t('common.loading') : t('products.detail.pickModel')}
              data={modelData}
              value={draft.urun_model?._id ?? null}
              onChange={pickModel}
              searchable
              nothingFoundMessage={t('common.noRecords')}
              error={err('urun_model')}
              withAsterisk
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
            <TextInput label={t('products.field.category')} value={cat === null ? '' : t(`model.kategori${cat}`)} readOnly variant="filled" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
            <TextInput label={t('products.field.modelCode')} value={draft.urun_model?.model_kodu ?? ''} readOnly variant="filled" />
          </Grid.Col>
          <Grid.Col span={THIRD}>
            <TextInput label={t('products.field.code')} name="urun_kodu" value={draft.urun_kodu} onChange={(e) => set({ urun_kodu: e.currentTarget.value })} error={err('urun_kodu')} />
          </Grid.Col>
          <Grid.Col span={THIRD}>
            <NumberField label={t('products.field.order')} name="urun_sira" value={draft.urun_sira} onChange={(v) => set({ urun_sira: Math.trunc(num(v)) })} allowDecimal={false} {...NUM} error={err('urun_sira')} />
          </Grid.Col>
          <Grid.Col span={THIRD}>
            <Stack gap={6} pt={{ base: 0, md: 28 }}>
              <Switch label={draft.urun_durumu ? t('products.status.active') : t('products.status.passive')} checked={draft.urun_durumu} onChange={(e) => set({ urun_durumu: e.currentTarget.checked })} aria-label={t('products.field.status')} />
            </Stack>
          </Grid.Col>
        </Grid>
      </Section>

      <Section title={t('products.detail.pricing')} icon={<IconCurrencyDollar size={18} />}>
        <Grid gutter="md">
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select label={t('products.field.currency')} name="urun_doviz" data={[...CURRENCIES]} value={draft.urun_doviz} onChange={(v) => set({ urun_doviz: v ?? '$' })} allowDeselect={false} error={err('urun_doviz')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <NumberField label={t('products.field.price')} name="urun_fiyat" value={draft.urun_fiyat} onChange={(v) => set({ urun_fiyat: num(v) })} decimalScale={2} fixedDecimalScale {...NUM} rightSection={<Text size="sm" c="dimmed">{draft.urun_doviz}</Text>} error={err('urun_fiyat')} />
          </Grid.Col>
        </Grid>
      </Section>

      <Section title={t('products.detail.technical')} icon={<IconBolt size={18} />}>
        {cat === null && <Text size="sm" c="dimmed" mb="sm">{t('products.detail.pickModelFirst')}</Text>}
        <Grid gutter="md">
          {cat !== null && cat < SOLAR_PANEL_CATEGORY && (
            <>
              <Grid.Col span={THIRD}><NumberField label={t('products.field.power')} name="urun_guc" value={draft.urun_guc} onChange={(v) => set({ urun_guc: num(v) })} {...NUM} rightSection={<Text size="sm" c="dimmed">W</Text>} error={err('urun_guc')} /></Grid.Col>
              <Grid.Col span={THIRD}><NumberField label={t('products.field.lumen')} name="urun_lumen" value={draft.urun_lumen} onChange={(v) => set({ urun_lumen: num(v) })} {...NUM} rightSection={<Text size="sm" c="dimmed">lm</Text>} error={err('urun_lumen')} /></Grid.Col>
            </>
          )}
          {cat === SOLAR_PANEL_CATEGORY && (
            <Grid.Col span={THIRD}><NumberField label={t('products.field.powerWp')} name="urun_guc" value={draft.urun_guc} onChange={(v) => set({ urun_guc: num(v) })} {...NUM} rightSection={<Text size="sm" c="dimmed">Wp</Text>} error={err('urun_guc')} /></Grid.Col>
          )}
          {cat === BATTERY_CATEGORY && (
            <>
              <Grid.Col span={THIRD}><NumberField label={t('products.field.capacity')} name="urun_kapasite" value={draft.urun_kapasite} onChange={(v) => set({ urun_kapasite: num(v) })} {...NUM} rightSection={<Text size="sm" c="dimmed">Ah</Text>} error={err('urun_kapasite')} /></Grid.Col>
              <Grid.Col span={THIRD}><NumberField label={t('products.field.voltage')} name="urun_voltaj" value={draft.urun_voltaj} onChange={(v) => set({ urun_voltaj: num(v) })} {...NUM} rightSection={<Text size="sm" c="dimmed">VDC</Text>} error={err('urun_voltaj')} /></Grid.Col>
            </>
          )}
          <Grid.Col span={THIRD}><NumberField label={t('products.field.panel')} name="urun_panel" value={draft.urun_panel} onChange={(v) => set({ urun_panel: num(v) })} {...NUM} rightSection={<Text size="sm" c="dimmed">Wp</Text>} error={err('urun_panel')} /></Grid.Col>
          <Grid.Col span={THIRD}><NumberField label={t('products.field.battery')} name="urun_aku" value={draft.urun_aku} onChange={(v) => set({ urun_aku: num(v) })} {...NUM} rightSection={<Text size="sm" c="dimmed">Ah</Text>} error={err('urun_aku')} /></Grid.Col>
          <Grid.Col span={THIRD}><Select label={t('products.field.cct')} name="urun_cct" data={[...CCT_OPTIONS]} value={draft.urun_cct} onChange={(v) => set({ urun_cct: v ?? 'XXXX' })} allowDeselect={false} error={err('urun_cct')} /></Grid.Col>
          <Grid.Col span={THIRD}><Select label={t('products.field.optic')} name="urun_optik" data={[...OPTIC_OPTIONS]} value={draft.urun_optik} onChange={(v) => set({ urun_optik: v ?? 'XX' })} allowDeselect={false} error={err('urun_optik')} /></Grid.Col>
        </Grid>
      </Section>

      <Section title={t('products.detail.physical')} icon={<IconRuler size={18} />}>
        <Grid gutter="md">
          <Grid.Col span={HALF}>
            <TextInput label={t('products.field.dimensions')} name="product_dimensions" placeholder={DIMENSIONS_PLACEHOLDER} value={draft.product_dimensions} onChange={(e) => set({ product_dimensions: e.currentTarget.value })} error={err('product_dimensions')} />
          </Grid.Col>
          <Grid.Col span={HALF}>
            <NumberField label={t('products.field.weight')} name="product_weight" value={draft.product_weight} onChange={(v) => set({ product_weight: num(v) })} decimalScale={3} {...NUM} rightSection={<Text size="sm" c="dimmed">Kg</Text>} error={err('product_weight')} />
          </Grid.Col>
        </Grid>
      </Section>
    </Stack>
  );
}
