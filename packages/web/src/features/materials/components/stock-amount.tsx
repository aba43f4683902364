import { Group, Text, Tooltip } from '@mantine/core';
import { formatNumber } from '@isik/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A stock balance with 2 decimals; below zero it is red with a warning (DECISIONS 5: stock may go negative). */
export function StockAmount({ value, unit, size = 'sm', fw = 600 }: { value: number; unit?: string; size?: string; fw?: number }) {
  const { t } = useTranslation();
  const negative = value < 0;
  const text = (
    <Text span size={size} fw={fw} c={negative ? 'red' : undefined} style={{ whiteSpace: 'nowrap' }} data-negative={negative || undefined}>
      {formatNumber(value, 2)}{unit ? ` ${unit}` : ''}
    </Text>
  );
  if (!negative) return text;
  return (
    <Tooltip label={t('msg.stock.negative')} withArrow>
      <Group gap={4} wrap="nowrap" justify="flex-end" c="red" component="span" aria-label={t('msg.stock.negative')}>
        <IconAlertTriangle size={16} data-testid="negative-stock-warning" />
        {text}
      </Group>
    </Tooltip>
  );
}
