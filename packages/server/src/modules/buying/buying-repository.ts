import { and, asc, between, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { BUYING_PRICE_PLACES, BUYING_QTY_PLACES, BUYING_RATE_PLACES, buyingDue, round, type Buying, type BuyingListArgs, type BuyingSort } from '@isik/domain';
import type { Executor } from '../../db/database.js';
import { buyings, materials } from '../../db/schema.js';
import { searchAny } from '../../lib/search.js';
import { listReceipts } from './receipts-repository.js';

export type BuyingRow = typeof buyings.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const num = (v: string | null, places: number) => (v === null ? null : round(v, places));

export function toBuying(r: BuyingRow): Buying {
  return {
    _id: r.id, tedarikci_id: r.tedarikci_id, tedarikci_adi: r.tedarikci_adi, tedarikci_eposta: r.tedarikci_eposta,
    material_id: r.material_id, material_name: r.material_name, material_category: r.material_category, material_group: r.material_group,
    material_qty: round(r.material_qty, BUYING_QTY_PLACES), material_unit: r.material_unit, material_doviz: r.material_doviz,
    material_price: round(r.material_price, BUYING_PRICE_PLACES),
    USD_Kur: num(r.usd_kur, BUYING_RATE_PLACES), EUR_Kur: num(r.eur_kur, BUYING_RATE_PLACES),
    Doviz_TotalPrice: num(r.doviz_total, 2), TL_TotalPrice: num(r.tl_total, 2),
    satinalma_durumu: r.satinalma_durumu, siparis_no: r.siparis_no, siparis_notu: r.siparis_notu,
    siparis_tarihi: iso(r.siparis_tarihi), talep_tarihi: iso(r.talep_tarihi), teslim_tarihi: iso(r.teslim_tarihi), termin_tarihi: iso(r.termin_tarihi),
    creator_user: r.creator_user, created_date: r.created_at.toISOString(), modified_user: r.modified_user, modified_date: iso(r.modified_date),
    related_person: r.related_person, related_person_email: r.related_person_email, movement_id: r.movement_id,
    received: round(r.received_qty, BUYING_QTY_PLACES), due: round(buyingDue(r.material_qty, r.received_qty, r.satinalma_durumu), BUYING_QTY_PLACES), __v: r.version,
  };
}

/** The status range and the search of a list call (the same for its rows and its sums). */
function where(args: Pick<BuyingListArgs, 'filter1' | 'filter2' | 'search'>): SQL | undefined {
  const conds: SQL[] = [between(buyings.satinalma_durumu, args.filter1 ?? 0, args.filter2 ?? 4)];
  const term = args.search?.trim();
  if (term) {
    conds.push(searchAny([
      buyings.material_name, buyings.tedarikci_adi, buyings.siparis_no, buyings.siparis_notu, buyings.related_person, buyings.material_category, buyings.material_group,
    ], term));
  }
  return and(...conds);
}

const SORT_COLUMNS: Record<BuyingSort, SQL> = {
  talep_tarihi: sql`${buyings.talep_tarihi}`,
  siparis_tarihi: sql`${buyings.siparis_tarihi}`,
  teslim_tarihi: sql`${buyings.teslim_tarihi}`,
  material_name: sql`lower(${buyings.material_name})`,
  tedarikci_adi: sql`lower(${buyings.tedarikci_adi})`,
  TL_TotalPrice: sql`${buyings.tl_total}`,
  satinalma_durumu: sql`${buyings.satinalma_durumu}`,
};

/** Newest request first by default; ties by creation, then id, so pages never overlap. */
export async function listBuyings(db: Executor, args: BuyingListArgs): Promise<{ rows: Buying[]; total: number }> {
  const orderBy = args.orderBy ?? 'talep_tarihi';
  const dir = args.order ?? (args.orderBy ? 'asc' : 'desc');
  const col = SORT_COLUMNS[orderBy];
  const primary = dir === 'desc' ? sql`${col} desc nulls last` : sql`${col} asc nulls last`;
  const paged = args.page !== undefined || args.pageSize !== undefined;
  const pageSize = args.pageSize ?? 12;
  const page = args.page ?? 1;
  const q = db.select().from(buyings).where(where(args)).orderBy(primary, desc(buyings.created_at), asc(buyings.id));
  const rows = paged ? await q.limit(pageSize).offset((page - 1) * pageSize) : await q;
  const total = paged ? (await buyingSums(db, args)).count : rows.length;
  return { rows: rows.map(toBuying), total };
}

/** Count and sums of the filtered list: lira, and dollars and euros apart. */
export async function buyingSums(db: Executor, args: Pick<BuyingListArgs, 'filter1' | 'filter2' | 'search'>) {
  const [r] = await db.select({
    n: count(),
    tl: sql<string>`coalesce(sum(${buyings.tl_total}), 0)`,
    usd: sql<string>`coalesce(sum(${buyings.doviz_total}) filter (where ${buyings.material_doviz} = '$'), 0)`,
    eur: sql<string>`coalesce(sum(${buyings.doviz_total}) filter (where ${buyings.material_doviz} = '€'), 0)`,
  }).from(buyings).where(where(args));
  return { count: Number(r.n), TL_TotalPrice: round(r.tl, 2), Doviz_TotalPrice: { $: round(r.usd, 2), '€': round(r.eur, 2) } };
}

export async function findBuying(db: Executor, id: string): Promise<Buying | null> {
  const [r] = await db.select().from(buyings).where(eq(buyings.id, id)).limit(1);
  return r ? { ...toBuying(r), receipts: await listReceipts(db, id) } : null;
}

export async function lockBuying(db: Executor, id: string): Promise<BuyingRow | undefined> {
  const [r] = await db.select().from(buyings).where(eq(buyings.id, id)).for('update').limit(1);
  return r;
}

export async function companyBuyingCount(db: Executor, companyId: string): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(buyings).where(eq(buyings.tedarikci_id, companyId));
  return Number(n);
}

export async function materialBuyingCount(db: Executor, materialId: string): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(buyings).where(eq(buyings.material_id, materialId));
  return Number(n);
}

/**
 * What one purchase still brings in, while it is open (status 0-2): the one expression the component list's shortage
 * and suggestion (and so POST /buying/fromShortages) read, ADR 0044: what is still due, received parts taken off
 * (ADR 0045).
 */
export const openPurchaseQty = sql<string>`greatest(${buyings.material_qty} - ${buyings.received_qty}, 0)`;

export type NewBuyingRow = typeof buyings.$inferInsert;

export async function insertBuying(tx: Executor, values: NewBuyingRow): Promise<BuyingRow> {
  const [row] = await tx.insert(buyings).values(values).returning();
  return row;
}

/** Writes a request's changes (the version goes up by one) and answers the stored row. */
export async function updateBuying(tx: Executor, id: string, set: Partial<NewBuyingRow>): Promise<BuyingRow> {
  const [row] = await tx.update(buyings).set({ ...set, version: sql`${buyings.version} + 1` }).where(eq(buyings.id, id)).returning();
  return row;
}

/** The ledger movement a request put into stock (kept without touching the version). */
export async function setBuyingMovement(tx: Executor, id: string, movementId: string | null): Promise<void> {
  await tx.update(buyings).set({ movement_id: movementId }).where(eq(buyings.id, id));
}

export async function deleteBuying(tx: Executor, id: string): Promise<void> {
  await tx.delete(buyings).where(eq(buyings.id, id));
}

/** What a request copies of its material: names, unit, price and currency as stored (numeric text). */
export async function materialForBuying(tx: Executor, id: string) {
  const [m] = await tx.select({
    id: materials.id, name: materials.material_name, category: materials.material_category, group: materials.material_group,
    unit: materials.material_unit, price: materials.material_price, doviz: materials.material_doviz,
  }).from(materials).where(eq(materials.id, id)).limit(1);
  return m;
}
