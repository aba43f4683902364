/**
 * The stock ledger (DECISIONS 5): append-only signed movements of materials and products.
 *
 * Every write runs inside the caller's transaction and updates the owner's balance columns
 * (stock_sum, stock_in, stock_out) in the same transaction with `UPDATE … SET stock_sum = stock_sum + $signed`:
 * the row lock serialises concurrent writers of one material or product, so no unit is ever lost and
 * stock_sum always equals the signed sum of the owner's movements.
 *
 * Other areas (production, deliveries, purchasing) call these functions inside their own transactions:
 *   addMaterialMovement / addProductMovement            write a movement (source 'production' | 'delivery' | 'purchase')
 *   reverseMaterialMovement / reverseProductMovement    write the opposite movement of one row (never deletes)
 *   reverseMaterialMovements / reverseProductMovements  reverse every not yet reversed row of an order line, order or record
 * Movements of those sources cannot be changed or deleted by hand (409 naming the record to undo instead).
 */
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  dec, movementSums, MOVEMENT_SOURCES, OPERATION_CENTERS, OPERATION_TYPES, operationSign, pairText, round, type DecimalInput, type MaterialMovement,
  type MessageKey, type MovementSource, type OperationCenter, type OperationType, type ProductMovement, QTY_PLACES, PRICE_PLACES, CURRENCIES, UNITS,
} from '@isik/domain';
import type { Executor } from '../../db/database.js';
import { notifyInTx } from '../../db/database.js';
import { materialMovements, materials, productMovements, products } from '../../db/schema.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { recordChange, type Actor } from '../../lib/log.js';
import { isStale } from '../../lib/version.js';
import { isInSql, isOutSql } from './stock-sign-sql.js';
import { onManualChange, onMaterialMovement, onProductMovement } from './costs-repository.js';

export type MaterialMovementRow = typeof materialMovements.$inferSelect;
export type ProductMovementRow = typeof productMovements.$inferSelect;

export interface MovementRefs {
  order_id?: string | null;
  orderitem_id?: string | null;
  /** The record of the calling area that made the movement: a delivery, a purchase request, an operation. */
  ref_id?: string | null;
}

export interface NewMovement extends MovementRefs {
  operation_type: OperationType;
  operation_center: OperationCenter;
  /** Positive; the sign comes from operation_type. */
  qty: DecimalInput;
  /** Unit price; default the material's (product's) price. */
  price?: DecimalInput;
  /** Default the material's (product's) currency. */
  doviz?: string;
  /** Default the material's unit (products: 'Adet'). */
  unit?: string;
  description?: string;
  operation_date?: Date | string;
  /** Default 'manual'. */
  source?: MovementSource;
}
export interface NewMaterialMovement extends NewMovement { stock_id: string }
export interface NewProductMovement extends NewMovement { product_id: string }

export interface LedgerOptions {
  /** Write the audit row and live events (default true). Seeds and bulk loads turn it off. */
  log?: boolean;
  /** Internal: the movement this one reverses. */
  reverses_id?: string;
}

// ------------------------------------------------------------------ helpers

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();
/**
 * ISO text of a stored date. The ledger page reads its dates with to_char in toISOString's own form: that text is
 * answered as it is instead of parsed and printed again (two Date parses per row were a visible share of the
 * movements list's CPU). Only for dates read from the database, which are always valid.
 */
const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const storedIso = (v: Date | string) => (typeof v === 'string' && ISO_UTC.test(v) ? v : iso(v));

function invalid(field: string, key: MessageKey): AppError {
  return new AppError(400, key, { [field]: key });
}

/** Checks a movement written by code (the HTTP bodies are already checked by their schemas). */
function checkNew(m: NewMovement) {
  if (!(OPERATION_TYPES as readonly string[]).includes(m.operation_type)) throw invalid('operation_type', 'stock.type.select');
  if (!(OPERATION_CENTERS as readonly string[]).includes(m.operation_center)) throw invalid('operation_center', 'stock.center.select');
  const source = m.source ?? 'manual';
  if (!(MOVEMENT_SOURCES as readonly string[]).includes(source)) throw invalid('source', 'error.validation');
  let qty;
  try { qty = dec(m.qty); } catch { throw invalid('qty', 'stock.qty.positive'); }
  if (!qty.isFinite() || qty.lte(0) || qty.gt(1e10)) throw invalid('qty', 'stock.qty.positive');
  let price;
  if (m.price !== undefined && m.price !== null) {
    try { price = dec(m.price).toDecimalPlaces(PRICE_PLACES).toFixed(); } catch { throw invalid('price', 'stock.price.required'); }
  }
  if (m.doviz !== undefined && !(CURRENCIES as readonly string[]).includes(m.doviz)) throw invalid('doviz', 'catalogue.currency.invalid');
  if (m.unit !== undefined && m.unit !== '' && !(UNITS as readonly string[]).includes(m.unit)) throw invalid('unit', 'catalogue.unit.invalid');
  const date = m.operation_date === undefined ? new Date() : new Date(m.operation_date);
  if (Number.isNaN(date.getTime())) throw invalid('operation_date', 'stock.date.invalid');
  return { type: m.operation_type, center: m.operation_center, source, qty: qty.toDecimalPlaces(QTY_PLACES).toFixed(), price, date };
}

interface Effect { sum: string; in: string; out: string; moves: number }

/** What a movement adds to its owner's balance columns (factor -1 takes it away again). */
function effect(type: string, qty: DecimalInput, factor: 1 | -1): Effect {
  const q = dec(qty).times(factor);
  const sign = operationSign(type);
  return {
    sum: q.times(sign).toFixed(),
    in: (sign > 0 ? q : dec(0)).toFixed(),
    out: (sign < 0 ? q : dec(0)).toFixed(),
    moves: factor,
  };
}

function mergeEffects(...list: Effect[]): Effect {
  return {
    sum: list.reduce((a, e) => a.plus(e.sum), dec(0)).toFixed(),
    in: list.reduce((a, e) => a.plus(e.in), dec(0)).toFixed(),
    out: list.reduce((a, e) => a.plus(e.out), dec(0)).toFixed(),
    moves: list.reduce((a, e) => a + e.moves, 0),
  };
}

type Owner = typeof materials | typeof products;
/**
 * Applies a balance change to one owner row; the UPDATE takes its row lock. Answers the row, or undefined when unknown.
 * `movedAt`, a new material movement's date, moves the material's last_movement_at forward in the same UPDATE (ADR 0048).
 */
async function applyToOwner<T extends Owner>(tx: Executor, owner: T, id: string, e: Effect, movedAt?: Date) {
  const o = owner as typeof materials;
  const [row] = await tx.update(o).set({
    stock_sum: sql`${o.stock_sum} + ${e.sum}::numeric`,
    stock_in: sql`${o.stock_in} + ${e.in}::numeric`,
    stock_out: sql`${o.stock_out} + ${e.out}::numeric`,
    stock_moves: sql`${o.stock_moves} + ${e.moves}::int`,
    ...(movedAt && owner === materials ? { last_movement_at: sql`greatest(${o.last_movement_at}, ${movedAt.toISOString()}::timestamptz)` } : {}),
  }).where(eq(o.id, id)).returning();
  return row as unknown as T['$inferSelect'] | undefined;
}

/** After a material movement was deleted or changed: its materials' last_movement_at read again from their movements (ADR 0048). */
async function rereadLastMovement(tx: Executor, ids: string[]): Promise<void> {
  await tx.update(materials)
    .set({ last_movement_at: sql`(select max(mv.operation_date) from ${materialMovements} mv where mv.stock_id = ${materials.id})` })
    .where(inArray(materials.id, [...new Set(ids)]));
}

/** The hour bucket of a movement date, as the SQL side computes it: date_trunc('hour', operation_date at time zone 'UTC'). */
const hourOf = (d: Date | string) => `${iso(d).slice(0, 13)}:00:00`;

const BUCKETS = {
  material: { table: sql.raw('material_ledger_hours'), fk: sql.raw('stock_id') },
  product: { table: sql.raw('product_ledger_hours'), fk: sql.raw('product_id') },
} as const;

/**
 * Adds a movement's signed quantity (factor -1: takes it away) to its owner's hour bucket, and to the position
 * (older_moves, older_qty) of every later hour of the owner; a new bucket takes its position from the hour before it
 * (migration 0020, ADR 0033). Runs under the owner's row lock, so one writer at a time changes an owner's buckets.
 * One statement: the insert (or bump) of the hour and the update of the later hours touch different rows.
 */
async function bumpBucket(tx: Executor, kind: 'material' | 'product', ownerId: string, date: Date | string, sumQty: DecimalInput, factor: 1 | -1): Promise<void> {
  const sum = dec(sumQty).times(factor).toFixed();
  const hour = hourOf(date);
  const { table, fk } = BUCKETS[kind];
  await tx.execute(sql`
    with bucket as (
      insert into ${table} as t (${fk}, hour, sum_qty, moves, older_moves, older_qty)
      select ${ownerId}, ${hour}::timestamp, ${sum}::numeric, ${factor}::int, coalesce(p.older_moves + p.moves, 0), coalesce(p.older_qty + p.sum_qty, 0)
      from (select 1) one left join lateral (
        select older_moves, moves, older_qty, sum_qty from ${table} where ${fk} = ${ownerId} and hour < ${hour}::timestamp order by hour desc limit 1
      ) p on true
      on conflict (${fk}, hour) do update set sum_qty = t.sum_qty + excluded.sum_qty, moves = t.moves + excluded.moves
    )
    update ${table} set older_moves = older_moves + ${factor}::int, older_qty = older_qty + ${sum}::numeric
    where ${fk} = ${ownerId} and hour > ${hour}::timestamp`);
}

const LOCKED: Record<Exclude<MovementSource, 'manual'>, MessageKey> = {
  production: 'stock.locked.production',
  delivery: 'stock.locked.delivery',
  purchase: 'stock.locked.purchase',
};

/** Only manual movements are changed or deleted by hand; others name the record to undo instead. */
export function assertManual(row: { id: string; source: string; order_id: string | null; orderitem_id: string | null; ref_id: string | null }): void {
  if (row.source === 'manual') return;
  const key = LOCKED[row.source as keyof typeof LOCKED] ?? 'stock.locked.production';
  const record = row.source === 'production' ? row.orderitem_id ?? row.order_id ?? row.ref_id ?? row.id : row.ref_id ?? row.orderitem_id ?? row.order_id ?? row.id;
  throw new AppError(409, key, undefined, { record });
}

function common(r: MaterialMovementRow | ProductMovementRow) {
  return {
    _id: r.id, order_id: r.order_id, orderitem_id: r.orderitem_id, ref_id: r.ref_id, source: r.source as MovementSource, reverses_id: r.reverses_id,
    operation_date: storedIso(r.operation_date), operation_center: r.operation_center, operation_type: r.operation_type,
    qty: round(r.qty, QTY_PLACES), unit: r.unit, description: r.description, price: round(r.price, PRICE_PLACES), doviz: r.doviz,
    sumQty: round(r.sum_qty, QTY_PLACES), sumPrice: round(r.sum_price, 2), person: r.person, date: storedIso(r.created_at), __v: r.version,
  };
}

// The owner's fields are added to common()'s object, not spread into a new one: a ledger page builds 50 of them, and
// copying 20 fields per row twice was a visible share of the movements list's CPU. Same fields, same order.
export function toMaterialMovement(r: MaterialMovementRow, runTotal?: DecimalInput): MaterialMovement {
  const m = common(r) as MaterialMovement;
  m.stock_id = r.stock_id;
  m.stock_name = r.stock_name;
  m.stock_category = r.stock_category;
  m.stock_group = r.stock_group;
  if (runTotal !== undefined) m.runTotal = round(runTotal, QTY_PLACES);
  return m;
}

export function toProductMovement(r: ProductMovementRow, runTotal?: DecimalInput): ProductMovement {
  const m = common(r) as ProductMovement;
  m.product_id = r.product_id;
  m.stock_id = r.product_id;
  m.productname = r.productname;
  if (runTotal !== undefined) m.runTotal = round(runTotal, QTY_PLACES);
  return m;
}

/** 'name: +5 Adet (uretim)' in Turkish; unit and centre are shown through their labels in the reader's language. */
function describe(name: string, m: { operation_type: string; qty: DecimalInput; unit: string; operation_center: string }) {
  return {
    descriptionKey: 'logText.movement' as const,
    values: { name, sign: m.operation_type === 'giris' ? '+' : '-', qty: dec(m.qty).toFixed(), unit: m.unit, center: m.operation_center },
  };
}

// ------------------------------------------------------------------ materials

/** Writes a material movement and updates the material's balance in the caller's transaction. */
export async function addMaterialMovement(tx: Executor, actor: Actor | null, m: NewMaterialMovement, opts: LedgerOptions = {}): Promise<MaterialMovement> {
  const v = checkNew(m);
  const mat = await applyToOwner(tx, materials, m.stock_id, effect(v.type, v.qty, 1), v.date);
  if (!mat) throw invalid('stock_id', 'stock.material.unknown');
  const price = v.price ?? mat.material_price;
  const unit = m.unit || mat.material_unit;
  const sums = movementSums(v.type, v.qty, price);
  const id = newId();
  const [row] = await tx.insert(materialMovements).values({
    id, stock_id: m.stock_id, stock_name: mat.material_name, stock_category: mat.material_category, stock_group: mat.material_group,
    order_id: m.order_id ?? null, orderitem_id: m.orderitem_id ?? null, ref_id: m.ref_id ?? null, source: v.source, reverses_id: opts.reverses_id ?? null,
    operation_date: v.date, operation_center: v.center, operation_type: v.type, qty: v.qty, unit, description: (m.description ?? '').trim(),
    price, doviz: m.doviz || mat.material_doviz, sum_qty: sums.sumQty, sum_price: sums.sumPrice, person: actor?.name ?? 'system', person_id: actor?.id ?? null,
  }).returning();
  await bumpBucket(tx, 'material', m.stock_id, v.date, sums.sumQty, 1);
  await onMaterialMovement(tx, row, mat.stock_sum); // its cost (ADR 0039)
  if (opts.log !== false) {
    await recordChange(tx, actor, { title: opts.reverses_id ? 'log.stock.reversed' : 'log.stock.created', ...describe(mat.material_name, row), form: 'stock', operation_id: id }, { entity: 'stock', id, action: 'created' });
    await notifyInTx(tx, { entity: 'materials', id: m.stock_id, action: 'updated' });
  }
  return toMaterialMovement(row);
}

async function lockMaterialMovement(tx: Executor, id: string): Promise<MaterialMovementRow | undefined> {
  const [row] = await tx.select().from(materialMovements).where(eq(materialMovements.id, id)).for('update').limit(1);
  return row;
}

/** Deletes a manual material movement (by hand) and takes it out of the balance. `stockId` must be its material when given. */
export async function deleteMaterialMovement(tx: Executor, actor: Actor | null, id: string, stockId?: string): Promise<MaterialMovement> {
  const row = await lockMaterialMovement(tx, id);
  if (!row || (stockId !== undefined && row.stock_id !== stockId)) throw notFound();
  assertManual(row);
  await tx.delete(materialMovements).where(eq(materialMovements.id, id));
  await applyToOwner(tx, materials, row.stock_id, effect(row.operation_type, row.qty, -1));
  await rereadLastMovement(tx, [row.stock_id]);
  await bumpBucket(tx, 'material', row.stock_id, row.operation_date, row.sum_qty, -1);
  await onManualChange(tx, [row.stock_id]); // the average weighed this stock (ADR 0039)
  await recordChange(tx, actor, { title: 'log.stock.deleted', ...describe(row.stock_name, row), form: 'stock', operation_id: id }, { entity: 'stock', id, action: 'deleted' });
  await notifyInTx(tx, { entity: 'materials', id: row.stock_id, action: 'updated' });
  return toMaterialMovement(row);
}

export interface MovementChange {
  __v: number | undefined;
  stock_id?: string;
  operation_date?: Date;
  operation_center?: OperationCenter;
  operation_type?: OperationType;
  qty?: string;
  unit?: string;
  description?: string;
  price?: string;
  doviz?: string;
  order_id?: string | null;
  orderitem_id?: string | null;
}

/** Changes a manual material movement (stale __v: 409); the balances move by the difference. */
export async function updateMaterialMovement(tx: Executor, actor: Actor | null, id: string, c: MovementChange): Promise<MaterialMovement> {
  const row = await lockMaterialMovement(tx, id);
  if (!row) throw notFound();
  if (isStale(row.version, c.__v)) throw conflict();
  assertManual(row);
  const type = c.operation_type ?? (row.operation_type as OperationType);
  const qty = c.qty ?? row.qty;
  const price = c.price ?? row.price;
  const target = c.stock_id ?? row.stock_id;
  const undo = effect(row.operation_type, row.qty, -1);
  const redo = effect(type, qty, 1);
  let mat;
  if (target === row.stock_id) {
    mat = await applyToOwner(tx, materials, target, mergeEffects(undo, redo));
  } else {
    // Two materials: lock them in id order so two such moves cannot deadlock.
    const [first, second] = ([[row.stock_id, undo], [target, redo]] as [string, Effect][]).sort((a, b) => (a[0] < b[0] ? -1 : 1));
    const a = await applyToOwner(tx, materials, first[0], first[1]);
    const b = await applyToOwner(tx, materials, second[0], second[1]);
    mat = first[0] === target ? a : b;
  }
  if (!mat) throw invalid('stock_id', 'stock.material.unknown');
  const sums = movementSums(type, qty, price);
  const [next] = await tx.update(materialMovements).set({
    stock_id: target, stock_name: mat.material_name, stock_category: mat.material_category, stock_group: mat.material_group,
    operation_date: c.operation_date, operation_center: c.operation_center, operation_type: type, qty, unit: c.unit, description: c.description,
    price, doviz: c.doviz, order_id: c.order_id, orderitem_id: c.orderitem_id, sum_qty: sums.sumQty, sum_price: sums.sumPrice,
    updated_at: new Date(), version: sql`${materialMovements.version} + 1`,
  }).where(eq(materialMovements.id, id)).returning();
  await bumpBucket(tx, 'material', row.stock_id, row.operation_date, row.sum_qty, -1);
  await bumpBucket(tx, 'material', next.stock_id, next.operation_date, next.sum_qty, 1);
  await rereadLastMovement(tx, [row.stock_id, next.stock_id]);
  await onManualChange(tx, [row.stock_id, next.stock_id]); // the average weighed this stock (ADR 0039)
  await recordChange(tx, actor, { title: 'log.stock.updated', ...describe(mat.material_name, next), form: 'stock', operation_id: id }, { entity: 'stock', id, action: 'updated' });
  for (const sid of new Set([row.stock_id, target])) await notifyInTx(tx, { entity: 'materials', id: sid, action: 'updated' });
  return toMaterialMovement(next);
}

export interface ReverseOptions { description?: string; operation_date?: Date | string; log?: boolean }

/** Writes the opposite movement of one row (same source, references, quantity and price). A row is reversed once. */
export async function reverseMaterialMovement(tx: Executor, actor: Actor | null, id: string, opts: ReverseOptions = {}): Promise<MaterialMovement> {
  const row = await lockMaterialMovement(tx, id);
  if (!row) throw notFound();
  if (row.reverses_id) throw conflict('stock.alreadyReversed');
  const [done] = await tx.select({ id: materialMovements.id }).from(materialMovements).where(eq(materialMovements.reverses_id, id)).limit(1);
  if (done) throw conflict('stock.alreadyReversed');
  return addMaterialMovement(tx, actor, {
    stock_id: row.stock_id, operation_type: row.operation_type === 'giris' ? 'cikis' : 'giris', operation_center: row.operation_center as OperationCenter,
    qty: row.qty, price: row.price, doviz: row.doviz, unit: row.unit, description: opts.description ?? `İptal: ${row.description}`.trim(),
    operation_date: opts.operation_date, source: row.source as MovementSource, order_id: row.order_id, orderitem_id: row.orderitem_id, ref_id: row.ref_id,
  }, { reverses_id: id, log: opts.log });
}

export interface ReverseWhere extends MovementRefs { source?: MovementSource }

function refConditions(t: typeof materialMovements | typeof productMovements, w: ReverseWhere): SQL[] {
  const conds: SQL[] = [];
  if (w.order_id) conds.push(eq(t.order_id, w.order_id));
  if (w.orderitem_id) conds.push(eq(t.orderitem_id, w.orderitem_id));
  if (w.ref_id) conds.push(eq(t.ref_id, w.ref_id));
  if (conds.length === 0) throw new Error('reverse needs order_id, orderitem_id or ref_id');
  if (w.source) conds.push(eq(t.source, w.source));
  return conds;
}

/** Reverses every not yet reversed movement of an order, order line or record (e.g. an operation reset, a deleted delivery). */
export async function reverseMaterialMovements(tx: Executor, actor: Actor | null, where: ReverseWhere, opts: ReverseOptions = {}): Promise<MaterialMovement[]> {
  const t = materialMovements;
  const rows = await tx.select({ id: t.id }).from(t)
    .where(and(...refConditions(t, where), isNull(t.reverses_id), sql`not exists (select 1 from ${t} r where r.reverses_id = ${t.id})`))
    .orderBy(asc(t.seq));
  const out: MaterialMovement[] = [];
  for (const r of rows) out.push(await reverseMaterialMovement(tx, actor, r.id, opts));
  return out;
}

// ------------------------------------------------------------------ products

/** Writes a product movement and updates the product's balance in the caller's transaction. */
export async function addProductMovement(tx: Executor, actor: Actor | null, m: NewProductMovement, opts: LedgerOptions = {}): Promise<ProductMovement> {
  const v = checkNew(m);
  const prod = await applyToOwner(tx, products, m.product_id, effect(v.type, v.qty, 1));
  if (!prod) throw invalid('product_id', 'stock.product.unknown');
  const price = v.price ?? prod.urun_fiyat;
  const unit = m.unit || 'Adet';
  const sums = movementSums(v.type, v.qty, price);
  const name = pairText([prod.urun_adi_tr, prod.urun_adi_en], 'tr');
  const id = newId();
  const [row] = await tx.insert(productMovements).values({
    id, product_id: m.product_id, productname: name,
    order_id: m.order_id ?? null, orderitem_id: m.orderitem_id ?? null, ref_id: m.ref_id ?? null, source: v.source, reverses_id: opts.reverses_id ?? null,
    operation_date: v.date, operation_center: v.center, operation_type: v.type, qty: v.qty, unit, description: (m.description ?? '').trim(),
    price, doviz: m.doviz || prod.urun_doviz, sum_qty: sums.sumQty, sum_price: sums.sumPrice, person: actor?.name ?? 'system', person_id: actor?.id ?? null,
  }).returning();
  await bumpBucket(tx, 'product', m.product_id, v.date, sums.sumQty, 1);
  await onProductMovement(tx, row); // a component's cost (ADR 0039)
  if (opts.log !== false) {
    await recordChange(tx, actor, { title: opts.reverses_id ? 'log.productStock.reversed' : 'log.productStock.created', ...describe(name, row), form: 'productStocks', operation_id: id }, { entity: 'stock', id, action: 'created' });
    await notifyInTx(tx, { entity: 'products', id: m.product_id, action: 'updated' });
  }
  return toProductMovement(row);
}

async function lockProductMovement(tx: Executor, id: string): Promise<ProductMovementRow | undefined> {
  const [row] = await tx.select().from(productMovements).where(eq(productMovements.id, id)).for('update').limit(1);
  return row;
}

/** Deletes a manual product movement (by hand). `productId` must be its product when given. */
export async function deleteProductMovement(tx: Executor, actor: Actor | null, id: string, productId?: string): Promise<ProductMovement> {
  const row = await lockProductMovement(tx, id);
  if (!row || (productId !== undefined && row.product_id !== productId)) throw notFound();
  assertManual(row);
  await tx.delete(productMovements).where(eq(productMovements.id, id));
  await applyToOwner(tx, products, row.product_id, effect(row.operation_type, row.qty, -1));
  await bumpBucket(tx, 'product', row.product_id, row.operation_date, row.sum_qty, -1);
  await recordChange(tx, actor, { title: 'log.productStock.deleted', ...describe(row.productname, row), form: 'productStocks', operation_id: id }, { entity: 'stock', id, action: 'deleted' });
  await notifyInTx(tx, { entity: 'products', id: row.product_id, action: 'updated' });
  return toProductMovement(row);
}

export async function reverseProductMovement(tx: Executor, actor: Actor | null, id: string, opts: ReverseOptions = {}): Promise<ProductMovement> {
  const row = await lockProductMovement(tx, id);
  if (!row) throw notFound();
  if (row.reverses_id) throw conflict('stock.alreadyReversed');
  const [done] = await tx.select({ id: productMovements.id }).from(productMovements).where(eq(productMovements.reverses_id, id)).limit(1);
  if (done) throw conflict('stock.alreadyReversed');
  return addProductMovement(tx, actor, {
    product_id: row.product_id, operation_type: row.operation_type === 'giris' ? 'cikis' : 'giris', operation_center: row.operation_center as OperationCenter,
    qty: row.qty, price: row.price, doviz: row.doviz, unit: row.unit, description: opts.description ?? `İptal: ${row.description}`.trim(),
    operation_date: opts.operation_date, source: row.source as MovementSource, order_id: row.order_id, orderitem_id: row.orderitem_id, ref_id: row.ref_id,
  }, { reverses_id: id, log: opts.log });
}

export async function reverseProductMovements(tx: Executor, actor: Actor | null, where: ReverseWhere, opts: ReverseOptions = {}): Promise<ProductMovement[]> {
  const t = productMovements;
  const rows = await tx.select({ id: t.id }).from(t)
    .where(and(...refConditions(t, where), isNull(t.reverses_id), sql`not exists (select 1 from ${t} r where r.reverses_id = ${t.id})`))
    .orderBy(asc(t.seq));
  const out: ProductMovement[] = [];
  for (const r of rows) out.push(await reverseProductMovement(tx, actor, r.id, opts));
  return out;
}

// ------------------------------------------------------------------ maintenance

/**
 * Recomputes every balance, count and hour bucket from the movements (after bulk loads that bypass the
 * functions above). Answers how many owners' balances were out of step.
 */
export async function recomputeStockSums(tx: Executor): Promise<number> {
  let fixed = 0;
  for (const [owner, mv, fk] of [['materials', 'material_movements', 'stock_id'], ['products', 'product_movements', 'product_id']] as const) {
    const res = await tx.execute(sql.raw(`
      with s as (
        select o.id,
          coalesce(sum(m.sum_qty), 0) as s_sum,
          coalesce(sum(m.qty) filter (where ${isInSql('m.operation_type')}), 0) as s_in,
          coalesce(sum(m.qty) filter (where ${isOutSql('m.operation_type')}), 0) as s_out,
          count(m.id)::int as s_moves
        from ${owner} o left join ${mv} m on m.${fk} = o.id group by o.id
      )
      update ${owner} o set stock_sum = s.s_sum, stock_in = s.s_in, stock_out = s.s_out, stock_moves = s.s_moves
      from s where s.id = o.id and (o.stock_sum, o.stock_in, o.stock_out, o.stock_moves) is distinct from (s.s_sum, s.s_in, s.s_out, s.s_moves)
      returning o.id`));
    fixed += ((res as unknown as { rows?: unknown[] }).rows ?? []).length;
  }
  // The hour buckets and their positions, for both ledgers (migration 0020); each material's last movement (0034).
  await tx.execute(sql`select ledger_buckets_refill()`);
  await tx.execute(sql`select material_last_movement_refill()`);
  return fixed;
}

/**
 * Opening stock of materials that have no movement yet (an import's new materials, issue 26): one 'giris' movement each,
 * written in batches of 500 with the same columns, balance effect and hour bucket as addMaterialMovement (a material's
 * first movement starts its buckets at position 0). No audit row per movement: the caller writes one for the import.
 * Answers the number written; a material that already has movements (or is unknown) is refused.
 */
export async function addOpeningMaterialMovements(
  tx: Executor, actor: Actor | null, list: readonly { stock_id: string; qty: DecimalInput }[],
  o: { operation_center: OperationCenter; description: string; operation_date?: Date },
): Promise<number> {
  const date = o.operation_date ?? new Date();
  for (let i = 0; i < list.length; i += 500) {
    const batch = list.slice(i, i + 500).map((m) => {
      const v = checkNew({ operation_type: 'giris', operation_center: o.operation_center, qty: m.qty, operation_date: date });
      return { id: m.stock_id, v, e: effect(v.type, v.qty, 1) };
    });
    const byId = new Map(batch.map((b) => [b.id, b]));
    const values = sql.join(batch.map((b) => sql`(${b.id}, ${b.e.sum}::numeric, ${b.e.in}::numeric, ${b.e.out}::numeric)`), sql`, `);
    const res = await tx.execute(sql`
      update ${materials} as m set stock_sum = m.stock_sum + v.s, stock_in = m.stock_in + v.i, stock_out = m.stock_out + v.o, stock_moves = m.stock_moves + 1,
        last_movement_at = greatest(m.last_movement_at, ${date.toISOString()}::timestamptz)
      from (values ${values}) as v(id, s, i, o)
      where m.id = v.id and m.stock_moves = 0
      returning m.id, m.material_name, m.material_category, m.material_group, m.material_unit, m.material_price, m.material_doviz`);
    const owners = (res as unknown as { rows: { id: string; material_name: string; material_category: string; material_group: string; material_unit: string; material_price: string; material_doviz: string }[] }).rows;
    if (owners.length !== batch.length) throw invalid('stock_id', 'stock.material.unknown');
    const rows = owners.map((mat) => {
      const { v } = byId.get(mat.id)!;
      const sums = movementSums(v.type, v.qty, mat.material_price);
      return {
        row: {
          id: newId(), stock_id: mat.id, stock_name: mat.material_name, stock_category: mat.material_category, stock_group: mat.material_group,
          source: v.source, operation_date: v.date, operation_center: v.center, operation_type: v.type, qty: v.qty, unit: mat.material_unit,
          description: o.description.trim(), price: mat.material_price, doviz: mat.material_doviz, sum_qty: sums.sumQty, sum_price: sums.sumPrice,
          person: actor?.name ?? 'system', person_id: actor?.id ?? null,
        },
        bucket: sql`(${mat.id}, ${hourOf(v.date)}::timestamp, ${sums.sumQty}::numeric, 1, 0, 0)`,
      };
    });
    await tx.insert(materialMovements).values(rows.map((r) => r.row));
    const { table, fk } = BUCKETS.material;
    await tx.execute(sql`insert into ${table} (${fk}, hour, sum_qty, moves, older_moves, older_qty) values ${sql.join(rows.map((r) => r.bucket), sql`, `)}`);
  }
  return list.length;
}
