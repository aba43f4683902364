import { buyingInputSchema, dec, type FromShortages, type FromShortagesInput } from '@isik/domain';
import { notifyInTx, type Db } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import type { Actor } from '../../lib/log.js';
import { materialShortages } from '../orders/orders-views-repository.js';
import { findBuying } from './buying-repository.js';
import { createBuyingInTx } from './buying-service.js';
import { lastSuppliers, materialNames, lockShortageRequests } from './from-shortages-repository.js';

/**
 * POST /buying/fromShortages (issue 25, spec 002 2.3, ADR 0044): one purchase request (status 0) per named material
 * at the component list's suggested quantity, with the supplier of the material's last purchase; the material's
 * price and currency as a new request takes them (buying-service). A material with nothing to buy is skipped and
 * named in the answer; an unknown one refuses the call. One call at a time: the next sees these as open purchases.
 */
export function createFromShortagesService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async fromShortages(actor: Actor, input: { materialIds?: string[]; all?: true } & FromShortagesInput): Promise<FromShortages> {
      const ids = input.all ? null : [...new Set(input.materialIds ?? [])];
      const made = await db.transaction(async (tx) => {
        await lockShortageRequests(tx);
        const known = ids ? await materialNames(tx, ids) : new Map<string, string>();
        if (ids) {
          const unknown = ids.filter((id) => !known.has(id));
          if (unknown.length) throw new AppError(400, 'planning.materialIds.unknown', { materialIds: 'planning.materialIds.unknown' }, { ids: unknown.slice(0, 5).join(', ') });
        }
        const rows = await materialShortages(tx, {}, undefined, { fold: false });
        const byId = new Map(rows.map((r) => [r.material_id, r]));
        const wanted = ids ?? rows.filter((r) => r.suggested > 0).map((r) => r.material_id);
        const suppliers = await lastSuppliers(tx, wanted);
        const created: string[] = [];
        const skipped: FromShortages['skipped'] = [];
        for (const id of wanted) {
          const r = byId.get(id);
          if (!r || r.suggested <= 0) {
            skipped.push({ material_id: id, material_name: r?.material_name ?? known.get(id) ?? '', reason: 'noShortage' });
            continue;
          }
          const supplier = suppliers.get(id);
          created.push(await createBuyingInTx(tx, actor, buyingInputSchema.parse({
            material_id: id, material_qty: dec(r.suggested).toFixed(), satinalma_durumu: 0, ...(supplier ? { tedarikci_id: supplier } : {}),
            siparis_notu: `Bileşen listesi: ${r.Operation || '-'}; gereken ${r.required}, stok ${r.stock}, açık satın alma ${r.onOrder}, eksik ${r.shortage} ${r.material_unit}`.slice(0, 2000),
          })));
        }
        // The component list's key starts with 'orders': open lists see the new open purchases.
        if (created.length) await notifyInTx(tx, { entity: 'orders', action: 'changed' });
        return { created, skipped };
      });
      const created = [];
      for (const id of made.created) {
        const b = await findBuying(db, id);
        if (b) created.push(b);
      }
      return { created, skipped: made.skipped };
    },
  };
}
export type FromShortagesService = ReturnType<typeof createFromShortagesService>;
