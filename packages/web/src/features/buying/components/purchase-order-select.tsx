import { useEffect, useState } from 'react';
import { Button, Checkbox } from '@mantine/core';
import type { Buying } from '@isik/domain';
import { IconFileInvoice } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../../components/data-table';
import { notifyError, notifySuccess } from '../../../lib/api';
import { useCreatePurchaseOrder } from '../api/purchase-order-api';

/**
 * Selecting requests in the purchase list and making them one order (issue 25, ADR 0040): a tick column on the
 * Request and Order lists, and "Create order", which shows the server's refusal (other supplier, other currency).
 */
export function usePurchaseOrderSelection(status: number, enabled: boolean) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const active = enabled && (status === 0 || status === 1);
  useEffect(() => setSelected(new Set()), [status]);
  const toggle = (id: string) => setSelected((s) => {
    const next = new Set(s);
    if (!next.delete(id)) next.add(id);
    return next;
  });
  const column: DataTableColumn<Buying> | null = active ? {
    key: 'select', header: '', width: 40,
    render: (b) => (
      <Checkbox checked={selected.has(b._id)} onChange={() => toggle(b._id)} onClick={(e) => e.stopPropagation()}
        aria-label={t('buyings.order.select', { material: b.material_name })} data-testid="buying-select" />
    ),
  } : null;
  return { selected, column, clear: () => setSelected(new Set()), active };
}

export function CreateOrderButton({ ids, onDone }: { ids: readonly string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreatePurchaseOrder();
  if (ids.length === 0) return null;
  return (
    <Button variant="filled" color="blue" leftSection={<IconFileInvoice size={18} />} loading={create.isPending} data-testid="buying-create-order"
      onClick={() => create.mutate({ ids: [...ids] }, {
        onSuccess: (o) => {
          notifySuccess('buyings.order.created', { no: o.siparis_no, count: o.lines.length });
          onDone();
        },
        onError: (err) => notifyError(err),
      })}>
      {t('buyings.order.create', { count: ids.length })}
    </Button>
  );
}
