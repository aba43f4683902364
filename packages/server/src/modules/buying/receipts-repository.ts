import { asc, eq, sql } from 'drizzle-orm';
import { BUYING_QTY_PLACES, round, type Receipt } from '@isik/domain';
import type { Executor } from '../../db/database.js';
import { buyingReceipts, buyings } from '../../db/schema.js';

/** Receipts of purchases (ADR 0045): the SQL of buying_receipts and of the purchase's received_qty. */
export type ReceiptRow = typeof buyingReceipts.$inferSelect;

export function toReceipt(r: ReceiptRow): Receipt {
  return {
    _id: r.id, purchase_id: r.purchase_id, qty: round(r.qty, BUYING_QTY_PLACES), date: r.receipt_date.toISOString(), note: r.note,
    movement_id: r.movement_id, person: r.person, created_date: r.created_at.toISOString(),
  };
}

/** A purchase's receipts in the order the goods arrived. */
export async function listReceipts(db: Executor, purchaseId: string): Promise<Receipt[]> {
  const rows = await db.select().from(buyingReceipts).where(eq(buyingReceipts.purchase_id, purchaseId))
    .orderBy(asc(buyingReceipts.receipt_date), asc(buyingReceipts.created_at), asc(buyingReceipts.id));
  return rows.map(toReceipt);
}

export async function receiptRows(db: Executor, purchaseId: string): Promise<ReceiptRow[]> {
  return db.select().from(buyingReceipts).where(eq(buyingReceipts.purchase_id, purchaseId)).orderBy(asc(buyingReceipts.created_at), asc(buyingReceipts.id));
}

export async function findReceipt(db: Executor, id: string): Promise<ReceiptRow | undefined> {
  const [r] = await db.select().from(buyingReceipts).where(eq(buyingReceipts.id, id)).limit(1);
  return r;
}

/** Takes the receipt's row lock (after its purchase's: the lock order is purchase, receipt, material). */
export async function lockReceipt(tx: Executor, id: string): Promise<ReceiptRow | undefined> {
  const [r] = await tx.select().from(buyingReceipts).where(eq(buyingReceipts.id, id)).for('update').limit(1);
  return r;
}

export async function insertReceipt(tx: Executor, values: typeof buyingReceipts.$inferInsert): Promise<ReceiptRow> {
  const [r] = await tx.insert(buyingReceipts).values(values).returning();
  return r;
}

export async function deleteReceipt(tx: Executor, id: string): Promise<void> {
  await tx.delete(buyingReceipts).where(eq(buyingReceipts.id, id));
}

/**
 * Adds to (or, negative, takes from) the purchase's received quantity; answers the new total. Runs under the
 * purchase's row lock; the version is not raised, so a modal opened before a receipt still saves its other fields.
 */
export async function addReceived(tx: Executor, purchaseId: string, delta: string): Promise<string> {
  const [r] = await tx.update(buyings).set({ received_qty: sql`${buyings.received_qty} + ${delta}::numeric` })
    .where(eq(buyings.id, purchaseId)).returning({ received: buyings.received_qty });
  return r.received;
}
