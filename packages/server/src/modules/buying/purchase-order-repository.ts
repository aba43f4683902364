import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';
import { BUYING_CANCELED, BUYING_COMPLETED, BUYING_ORDER, businessYear, formatPurchaseOrderNo } from '@isik/domain';
import type { Executor } from '../../db/database.js';
import { buyings, purchaseOrderCounters } from '../../db/schema.js';
import type { BuyingRow } from './buying-repository.js';

/**
 * The next purchase order number of the year of `at` (ADR 0040), inside the caller's transaction. The upsert takes
 * the year's counter row locked until commit: concurrent orders wait for each other and never share a number; a
 * rolled-back order gives its number back, so the numbers of a year have no gaps.
 */
export async function allocatePurchaseOrderNo(tx: Executor, at: Date = new Date()): Promise<string> {
  const year = businessYear(at);
  const [row] = await tx.insert(purchaseOrderCounters).values({ year, last: 1 })
    .onConflictDoUpdate({ target: purchaseOrderCounters.year, set: { last: sql`${purchaseOrderCounters.last} + 1` } })
    .returning({ last: purchaseOrderCounters.last });
  return formatPurchaseOrderNo(year, row.last);
}

/** Whether a purchase in this status carries an order number (1 Order, 2 Control, 3 Completed). */
export const isOrdered = (status: number) => status >= BUYING_ORDER && status <= BUYING_COMPLETED;

/**
 * Gives a purchase at status 1-3 without an order number the next one (create and update call it after writing the
 * row, under its lock). Answers the number it has afterwards.
 */
export async function ensureOrderNo(tx: Executor, row: Pick<BuyingRow, 'id' | 'satinalma_durumu' | 'siparis_no'>): Promise<string> {
  if (!isOrdered(row.satinalma_durumu) || row.siparis_no !== '') return row.siparis_no;
  const no = await allocatePurchaseOrderNo(tx);
  await tx.update(buyings).set({ siparis_no: no }).where(eq(buyings.id, row.id));
  return no;
}

export async function findBuyingRow(db: Executor, id: string): Promise<BuyingRow | undefined> {
  const [r] = await db.select().from(buyings).where(eq(buyings.id, id)).limit(1);
  return r;
}

/** The rows of `ids` locked for update, in id order (two combining calls never wait on each other crosswise). */
export async function lockBuyings(tx: Executor, ids: readonly string[]): Promise<BuyingRow[]> {
  if (ids.length === 0) return [];
  return tx.select().from(buyings).where(inArray(buyings.id, [...ids])).orderBy(asc(buyings.id)).for('update');
}

/**
 * The lines of one order document: every purchase at status 1-3 under the order number, of the same supplier (an
 * order number typed before the server gave them may repeat across suppliers), oldest request first.
 */
export async function orderLines(db: Executor, head: Pick<BuyingRow, 'siparis_no' | 'tedarikci_id' | 'tedarikci_adi'>): Promise<BuyingRow[]> {
  const supplier = head.tedarikci_id ? eq(buyings.tedarikci_id, head.tedarikci_id) : and(sql`${buyings.tedarikci_id} is null`, eq(buyings.tedarikci_adi, head.tedarikci_adi));
  return db.select().from(buyings)
    .where(and(eq(buyings.siparis_no, head.siparis_no), between(buyings.satinalma_durumu, BUYING_ORDER, BUYING_COMPLETED), supplier))
    .orderBy(asc(buyings.talep_tarihi), asc(buyings.created_at), asc(buyings.id));
}

export interface OrderMove { siparis_no: string; termin_tarihi?: Date | null; person: { name: string; email: string }; actor: string; now: Date }

/** Moves requests to 1 Order under one number (the order date stamped when missing; the related person is the caller). */
export async function moveToOrder(tx: Executor, ids: readonly string[], m: OrderMove): Promise<void> {
  await tx.update(buyings).set({
    satinalma_durumu: BUYING_ORDER, siparis_no: m.siparis_no,
    siparis_tarihi: sql`coalesce(${buyings.siparis_tarihi}, ${m.now.toISOString()}::timestamptz)`,
    ...(m.termin_tarihi !== undefined ? { termin_tarihi: m.termin_tarihi } : {}),
    related_person: m.person.name, related_person_email: m.person.email,
    modified_user: m.actor, modified_date: m.now, updated_at: m.now, version: sql`${buyings.version} + 1`,
  }).where(and(inArray(buyings.id, [...ids]), sql`${buyings.satinalma_durumu} <> ${BUYING_CANCELED}`));
}
