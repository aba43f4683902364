import { ActionIcon, Alert, Anchor, Badge, Box, Button, Group, Indicator, Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { bulletinEntry, formatBulletinDate, formatDateTime, canDo, formatNumber, isAllowed, routeLevel, type TcmbToday } from '@isik/domain';
import { IconAlertTriangle, IconChevronDown, IconCurrencyDollar, IconList } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DeferredTooltip, WithFloating } from '../../../components/deferred/deferred-floating';
import { useSession } from '../../../lib/session';
import { ratesTodayQuery } from '../../../lib/rates-today';
import { UpdateRatesButton } from './update-rates-button';

const NOWRAP = { whiteSpace: 'nowrap' } as const;
/** Rates are shown with the bulletin's 4 decimals, Turkish format. */
const rate4 = (v: string) => formatNumber(v, 4);

function RatesTable({ today }: { today: TcmbToday }) {
  const { t } = useTranslation();
  return (
    <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing="xs" data-testid="rates-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th />
          <Table.Th ta="right"><Text size="xs" c="dimmed" fw={600}>{t('rates.selling')}</Text></Table.Th>
          <Table.Th ta="right"><Text size="xs" c="dimmed" fw={600}>{t('rates.buying')}</Text></Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {today.Data.map((r) => (
          <Table.Tr key={r.CurrencyCode} data-testid={`rate-${r.CurrencyCode}`}>
            <Table.Td><Text fw={700} size="sm">{r.CurrencyCode === 'USD' ? '$ USD' : '€ EUR'}</Text></Table.Td>
            <Table.Td ta="right"><Text fw={700} size="sm" style={NOWRAP} data-testid={`rate-${r.CurrencyCode}-selling`}>{rate4(r.ForexSelling)} ₺</Text></Table.Td>
            <Table.Td ta="right"><Text size="sm" c="dimmed" style={NOWRAP}>{rate4(r.ForexBuying)} ₺</Text></Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * Header dropdown (spec 000 2.3): USD and EUR selling rates of the latest stored central-bank bulletin,
 * its date, a warning when it is old or the last fetch failed, and "update rates" (DECISIONS 3).
 */
export function CurrencyDropdown() {
  const { t } = useTranslation();
  const session = useSession();
  const [opened, setOpened] = useState(false);
  const query = useQuery(ratesTodayQuery);
  const today = query.data ?? null;
  const warn = query.isSuccess && (today === null || today.stale || today.lastError !== null);
  const canList = isAllowed(routeLevel('/tcmblist'), session.role);
  // Dealers and customers (signed in on the public pages) see the rates but cannot fetch them.
  const canUpdate = canDo('POST /api/tcmb/update', session.role);

  const usd = bulletinEntry(today, 'USD');
  const eur = bulletinEntry(today, 'EUR');
  const label = usd && eur ? `$ ${rate4(usd.ForexSelling)} · € ${rate4(eur.ForexSelling)}` : t('rates.short');

  const target = (
      <Box>
        <Indicator color="orange" size={9} offset={6} disabled={!warn} processing={false}>
          <Button
            variant="subtle" color="gray" c="inherit" px={8} visibleFrom="md" onClick={() => setOpened((o) => !o)}
            leftSection={query.isPending ? <Loader size={14} /> : <IconCurrencyDollar size={18} />} rightSection={<IconChevronDown size={14} />}
            title={t('rates.menu')} data-testid="currency-menu"
          >
            <Text span size="sm" fw={600} style={NOWRAP}>{label}</Text>
          </Button>
          <DeferredTooltip label={t('rates.menu')} disabled={opened}>
            <ActionIcon variant="subtle" color="gray" c="inherit" size="lg" hiddenFrom="md" onClick={() => setOpened((o) => !o)} aria-label={t('rates.menu')}>
              <IconCurrencyDollar size={20} />
            </ActionIcon>
          </DeferredTooltip>
        </Indicator>
      </Box>
  );

  return (
    <WithFloating fallback={target}>
      {({ Popover }) => (
        <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow shadow="md" width={330}>
          <Popover.Target>
            {target}
          </Popover.Target>
          <Popover.Dropdown p="sm" data-testid="currency-dropdown">
            <Stack gap="xs">
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text fw={700} size="sm">{t('rates.title')}</Text>
                {today?.demo && <Badge size="xs" color="grape" variant="light">{t('rates.demo')}</Badge>}
              </Group>
              {query.isPending ? (
                <Group justify="center" py="md"><Loader size="sm" /></Group>
              ) : query.isError ? (
                <Alert color="red" variant="light" p="xs"><Text size="xs">{t('rates.loadFailed')}</Text></Alert>
              ) : today === null ? (
                <Alert color="yellow" variant="light" p="xs" icon={<IconAlertTriangle size={16} />}><Text size="xs">{t('rates.none')}</Text></Alert>
              ) : (
                <>
                  <Text size="xs" c="dimmed" data-testid="rates-bulletin-date">
                    {t('rates.bulletinOf', { date: formatBulletinDate(today.bulletinDate, false) })}
                    {today.bulletinNo && !today.demo ? ` · ${today.bulletinNo}` : ''}
                  </Text>
                  <RatesTable today={today} />
                  {today.stale && (
                    <Alert color="orange" variant="light" p="xs" icon={<IconAlertTriangle size={16} />} data-testid="rates-stale">
                      <Text size="xs">{t('rates.stale', { days: today.ageDays, date: formatBulletinDate(today.bulletinDate, false) })}</Text>
                    </Alert>
                  )}
                  {today.lastError && (
                    <Alert color="red" variant="light" p="xs" icon={<IconAlertTriangle size={16} />} data-testid="rates-last-error">
                      <Text size="xs">{t('rates.lastError', { reason: today.lastError, at: formatDateTime(today.lastErrorAt) })}</Text>
                    </Alert>
                  )}
                </>
              )}
              {(canList || canUpdate) && (
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  {canList ? (
                    <Anchor component={Link} to="/tcmblist" size="sm" onClick={() => setOpened(false)}>
                      <Group gap={4} wrap="nowrap"><IconList size={14} />{t('rates.allRates')}</Group>
                    </Anchor>
                  ) : <span />}
                  {canUpdate && <UpdateRatesButton size="xs" variant="light" />}
                </Group>
              )}
            </Stack>
          </Popover.Dropdown>
        </Popover>
      )}
    </WithFloating>
  );
}
