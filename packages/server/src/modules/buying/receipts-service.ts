import { BUYING_COMPLETED, BUYING_CONTROL, BUYING_QTY_PLACES, BUYING_RECEIVABLE, buyingDue, dec, formatNumber, type ReceiptData } from '@isik/domain';
import type { Db, Executor } from '../../db/database.js';
import { AppError, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { recordChange, type Actor } from '../../lib/log.js';
import * as ledger from '../stock/ledger-repository.js';
import { findBuying, lockBuying, updateBuying, type BuyingRow } from './buying-repository.js';
import { addReceived, deleteReceipt, findReceipt, insertReceipt, lockReceipt, receiptRows, type ReceiptRow } from './receipts-repository.js';

/**
 * Receiving purchases in parts (issue 25, docs/decisions/0045-partial-receipts.md). Every receipt enters stock
 * through the ledger in the transaction that records it (giris, centre fatura, source 'purchase', ref_id = the
 * purchase, at the purchase's price, currency and unit: the movements the moving-average cost is kept on), under
 * the purchase's row lock, so two receipts at once are checked against what is due one after the other.
 */

const describe = (row: BuyingRow, qty: string) =>
  `${row.material_name}: ${dec(qty).toFixed()} ${row.material_unit}${row.siparis_no ? ` - ${row.siparis_no}` : ''}${row.tedarikci_adi ? ` - ${row.tedarikci_adi}` : ''}`;

/**
 * Writes one receipt of `qty` and its stock entry, and adds it to the purchase's received quantity; no status or due
 * check (the callers make them under the purchase's row lock). Answers the receipt.
 */
export async function receiveInTx(
  tx: Executor, actor: Actor, row: BuyingRow, r: { qty: string; date: Date; note: string }, opts: { log?: boolean } = {},
): Promise<ReceiptRow> {
  const m = await ledger.addMaterialMovement(tx, actor, {
    stock_id: row.material_id, operation_type: 'giris', operation_center: 'fatura', qty: r.qty, price: row.material_price,
    doviz: row.material_doviz, unit: row.material_unit, source: 'purchase', ref_id: row.id, operation_date: r.date,
    description: `Satın alma${row.siparis_no ? ` ${row.siparis_no}` : ''}${row.tedarikci_adi ? `: ${row.tedarikci_adi}` : ''}${r.note ? ` (${r.note})` : ''}`,
  }, { log: opts.log });
  const receipt = await insertReceipt(tx, {
    id: newId(), purchase_id: row.id, qty: r.qty, receipt_date: r.date, note: r.note, movement_id: m._id, person: actor.name, person_id: actor.id,
  });
  await addReceived(tx, row.id, r.qty);
  if (opts.log !== false) {
    await recordChange(tx, actor, { title: 'log.receipt.created', description: describe(row, r.qty), form: 'buying', operation_id: row.id }, { entity: 'buyings', id: row.id, action: 'updated' });
  }
  return receipt;
}

/** Takes one receipt back: the reversal of its stock entry, the receipt removed, the received quantity lowered. */
async function undoReceipt(tx: Executor, actor: Actor, row: BuyingRow, receipt: ReceiptRow, why: string): Promise<string> {
  await ledger.reverseMaterialMovement(tx, actor, receipt.movement_id, { description: `${why}${row.siparis_no ? `: ${row.siparis_no}` : ''}` });
  await deleteReceipt(tx, receipt.id);
  const received = await addReceived(tx, row.id, dec(receipt.qty).negated().toFixed());
  await recordChange(tx, actor, { title: 'log.receipt.deleted', description: describe(row, receipt.qty), form: 'buying', operation_id: row.id }, { entity: 'buyings', id: row.id, action: 'updated' });
  return received;
}

/**
 * The status radio reached 3 (the one-step flow): receives what is still due in one receipt, dated on the delivery
 * date. Runs under the purchase's row lock and only on the move to 3, so the same move sent twice receives once.
 * Answers the receipt's stock entry, or null when nothing was due.
 */
export async function receiveRestInTx(tx: Executor, actor: Actor, row: BuyingRow, opts: { log?: boolean } = {}): Promise<string | null> {
  const due = buyingDue(row.material_qty, row.received_qty, row.satinalma_durumu);
  if (dec(due).lte(0)) return null;
  const receipt = await receiveInTx(tx, actor, row, { qty: due, date: row.teslim_tarihi ?? new Date(), note: '' }, opts);
  return receipt.movement_id;
}

/** 3 -> 4 (ADR 0045): a completed purchase canceled is undone, each of its receipts reversed and removed. */
export async function undoAllReceiptsInTx(tx: Executor, actor: Actor, row: BuyingRow): Promise<void> {
  for (const r of await receiptRows(tx, row.id)) await undoReceipt(tx, actor, row, r, 'Satın alma iptal edildi');
}

/**
 * An open request with receipts (ADR 0045): its material, unit, price and currency are those of its stock entries
 * (409 receipt.locked), and its quantity cannot fall below what was received (409 receipt.qty.belowReceived).
 */
export function checkAgainstReceipts(row: BuyingRow, next: { materialChanged: boolean; qty: string; price: string; doviz: string; unit: string }): void {
  const received = dec(row.received_qty);
  if (received.lte(0)) return;
  const changed = [
    ['material_id', next.materialChanged],
    ['material_price', !dec(next.price).eq(dec(row.material_price))],
    ['material_doviz', next.doviz !== row.material_doviz],
    ['material_unit', next.unit !== row.material_unit],
  ].filter(([, c]) => c).map(([f]) => f as string);
  if (changed.length) throw new AppError(409, 'receipt.locked', Object.fromEntries(changed.map((f) => [f, 'receipt.locked' as const])));
  if (dec(next.qty).lt(received)) {
    throw new AppError(409, 'receipt.qty.belowReceived', { material_qty: 'receipt.qty.belowReceived' }, { received: `${formatNumber(received.toFixed(), BUYING_QTY_PLACES)} ${row.material_unit}` });
  }
}

export function createReceiptsService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /**
     * Records a receipt of a purchase at 1 Order or 2 Control. More than is due answers 409 on `qty` unless
     * `overReceipt` is sent; reaching the ordered quantity completes the purchase (3, delivery date = the receipt's).
     */
    async receive(actor: Actor, id: string, d: ReceiptData) {
      await db.transaction(async (tx) => {
        const row = await lockBuying(tx, id);
        if (!row) throw notFound();
        if (!BUYING_RECEIVABLE.includes(row.satinalma_durumu)) throw new AppError(409, 'receipt.status', { satinalma_durumu: 'receipt.status' });
        const due = buyingDue(row.material_qty, row.received_qty, row.satinalma_durumu);
        if (dec(d.qty).gt(due) && d.overReceipt !== true) {
          throw new AppError(409, 'receipt.qty.over', { qty: 'receipt.qty.over' }, { due: formatNumber(due, BUYING_QTY_PLACES), unit: row.material_unit });
        }
        const date = d.date ?? new Date();
        await receiveInTx(tx, actor, row, { qty: d.qty, date, note: d.note });
        const received = dec(row.received_qty).plus(d.qty);
        if (received.gte(dec(row.material_qty))) {
          const now = new Date();
          await updateBuying(tx, id, { satinalma_durumu: BUYING_COMPLETED, teslim_tarihi: date, modified_user: actor.name, modified_date: now, updated_at: now });
        }
      });
      return (await findBuying(db, id))!;
    },

    /**
     * Deletes a receipt: its stock entry is reversed (the ledger keeps both rows). A completed purchase that has
     * something due again goes back to 2 Control; a canceled one stays canceled.
     */
    async remove(actor: Actor, receiptId: string) {
      const first = await findReceipt(db, receiptId);
      if (!first) throw notFound();
      await db.transaction(async (tx) => {
        const row = await lockBuying(tx, first.purchase_id);
        const receipt = row ? await lockReceipt(tx, receiptId) : undefined;
        if (!row || !receipt) throw notFound();
        const received = await undoReceipt(tx, actor, row, receipt, 'Teslim alımı silindi');
        if (row.satinalma_durumu === BUYING_COMPLETED && dec(buyingDue(row.material_qty, received, BUYING_COMPLETED)).gt(0)) {
          const now = new Date();
          await updateBuying(tx, row.id, { satinalma_durumu: BUYING_CONTROL, teslim_tarihi: null, modified_user: actor.name, modified_date: now, updated_at: now });
        }
      });
      return (await findBuying(db, first.purchase_id))!;
    },
  };
}
export type ReceiptsService = ReturnType<typeof createReceiptsService>;
