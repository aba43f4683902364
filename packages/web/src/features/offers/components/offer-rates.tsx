import { useState } from 'react';
import { Alert, Button, Collapse, Grid, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { CURRENCIES, bulletinEntry, formatDate, formatNumber } from '@isik/domain';
import { IconChevronDown, IconChevronUp, IconCoins } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/number-field';
import { ratesTodayQuery } from '../../../lib/rates-today';
import type { OfferFormValues } from '../model/offer-values';

export interface OfferRatesProps {
  form: UseFormReturnType<OfferFormValues>;
  canWrite: boolean;
  /** formMoney could not compute the offer: a rate it needs is missing. */
  amountError: boolean;
}

/** The offer's rates (spec 001 2.10): the USD and EUR rates with today's bulletin to take them from, and the offer's currency. */
export function OfferRates({ form, canWrite, amountError }: OfferRatesProps) {
  const { t } = useTranslation();
  const bulletin = useQuery(ratesTodayQuery).data ?? null;
  const [currencyOpen, setCurrencyOpen] = useState(true);
  const v = form.values;
  const serverErrors = form.errors as Record<string, string | undefined>;

  const rateInput = (field: 'teklif_usdkur' | 'teklif_eurkur', code: 'USD' | 'EUR', label: string) => (
    <Stack gap={4}>
      <NumberField
        label={label} value={v[field]} min={0} decimalScale={6} decimalSeparator="," thousandSeparator="." rightSection="₺" error={serverErrors[field]}
        onChange={(x) => form.setFieldValue(field, x === '' ? '' : Number(x))} data-testid={`offer-${field}`} disabled={!canWrite}
      />
      {bulletin && canWrite && (
        <Group gap={4}>
          <Button size="compact-xs" variant="light" onClick={() => form.setFieldValue(field, Number(bulletinEntry(bulletin, code)?.ForexSelling))}>
            {t('offers.rates.selling')} {formatNumber(Number(bulletinEntry(bulletin, code)?.ForexSelling), 4)}
          </Button>
          <Button size="compact-xs" variant="light" color="gray" onClick={() => form.setFieldValue(field, Number(bulletinEntry(bulletin, code)?.ForexBuying))}>
            {t('offers.rates.buying')} {formatNumber(Number(bulletinEntry(bulletin, code)?.ForexBuying), 4)}
          </Button>
        </Group>
      )}
    </Stack>
  );

  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" onClick={() => setCurrencyOpen((o) => !o)} style={{ cursor: 'pointer' }}>
        <Group gap="xs"><IconCoins size={18} /><Title order={5}>{t('offers.rates.title')}</Title></Group>
        {currencyOpen ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
      </Group>
      <Collapse in={currencyOpen}>
        <Stack gap="sm" mt="sm">
          {bulletin
            ? <Text size="xs" c="dimmed">{t('offers.rates.bulletin', { date: formatDate(bulletin.tarih), no: bulletin.bulletinNo })}</Text>
            : <Alert color="yellow" variant="light" data-testid="offer-no-bulletin">{t('offers.rates.none')}</Alert>}
          <Grid>
            <Grid.Col span={{ base: 12, sm: 4 }}>{rateInput('teklif_usdkur', 'USD', t('offers.rates.usd'))}</Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>{rateInput('teklif_eurkur', 'EUR', t('offers.rates.eur'))}</Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <Select
                label={t('offers.field.currency')} data={[...CURRENCIES]} value={v.teklif_dovizi} allowDeselect={false} disabled={!canWrite}
                onChange={(x) => form.setFieldValue('teklif_dovizi', x ?? '$')} comboboxProps={{ withinPortal: true }} data-testid="offer-currency"
              />
            </Grid.Col>
          </Grid>
          {amountError && <Alert color="red" variant="light" data-testid="offer-amount-error">{t('offers.rates.needed')}</Alert>}
        </Stack>
      </Collapse>
    </Paper>
  );
}
