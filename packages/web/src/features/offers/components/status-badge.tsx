import { Badge } from '@mantine/core';
import { OFFER_STATUS_COLORS, type OfferStatus } from '@isik/domain';
import { useTranslation } from 'react-i18next';

/** The status tag of spec 001 4.1: 0 Offer red, 1 Order blue, 2 Completed yellow, 3 Delivered green, 4 Canceled black. */
export function OfferStatusBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  const color = OFFER_STATUS_COLORS[status as OfferStatus] ?? 'gray';
  return <Badge color={color} variant="filled" data-testid="offer-status" style={{ textTransform: 'none' }}>{t(`offers.status.${status}`)}</Badge>;
}
