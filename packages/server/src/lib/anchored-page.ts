// Anchored pages (issue 27, ADR 0051): a list page served from the nearest of the start (OFFSET), the page the
// client shows (its anchor: the sort keys of that page's first and last row) or the end (reverse order), so a page a
// user can ask for (the pager offers first, previous, 5 numbers around the current page, next, last) skips at most a
// few pages of rows whatever the table's size. The rows are exactly the rows OFFSET serves on unchanged data.
import { createHash } from 'node:crypto';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** The response header that carries the anchor of the page served (the JSON bodies stay as the spec defines them). */
export const PAGE_ANCHOR_HEADER = 'Page-Anchor';
/** The anchor of an answer, kept on the answer object under a symbol (JSON.stringify never writes it). */
export const PAGE_ANCHOR = Symbol('pageAnchor');

/** How a key's value is written in the anchor (as PostgreSQL's text of it) and read back (cast to this type). */
export type KeyType = 'text' | 'timestamptz' | 'int' | 'numeric' | 'float8' | 'bool';

/**
 * One sort key of a list, in order; together they must order completely (the last one unique: the id). `expr` is the
 * very expression of the ORDER BY (with its collation), `desc` its direction (PostgreSQL's default nulls: last when
 * ascending, first when descending), `nullable` whether it can be null.
 */
export interface PageKey { expr: SQL | AnyColumn; desc?: boolean; nullable?: boolean; type: KeyType }

/** A page request: its number and size, the anchor the client sent, and what the anchor must belong to. */
export interface PageRequest {
  page: number;
  size: number;
  anchor?: string;
  /** The list, its sort and its filters (everything that changes which rows are in which order), e.g. JSON. */
  scope: string;
}

type KeyValues = (string | null)[];
interface Anchor { p: number; t: number; f: KeyValues; l: KeyValues }

/** How a page is read: the extra condition (keys after/before the anchor), the order, limit and offset. */
export interface PagePlan {
  mode: 'start' | 'anchor' | 'end';
  /** Rows are read in reverse order (from the end, or before the anchor): the caller reverses them (or use `rowsOf`). */
  reverse: boolean;
  /** The keyset condition, or undefined; values inline (bound parameters) or placeholders (see `bind`). */
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
  /** A text naming the SQL's shape (mode, reverse, condition form): prepared statements keep one per shape. */
  shape: string;
  /** The placeholders' values when built with `bind: 'placeholder'` (a0, a1, …). */
  values: Record<string, string>;
  /** The total the plan relied on (from the anchor), if any: an end plan is redone from the start if it changed. */
  total?: number;
}

const MAX_ANCHOR = 4096;
const scopeHash = (scope: string) => createHash('sha256').update(scope).digest('base64url').slice(0, 16);

/** A timestamptz as PostgreSQL writes it (`2026-03-01 08:00:00.000123+03`, `+05:30`), with a day and time that exist. */
function validTimestamp(v: string): boolean {
  if (v === 'infinity' || v === '-infinity') return true;
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(?:([+-])(\d{2})(?::(\d{2}))?(?::(\d{2}))?|Z)?$/.exec(v);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number);
  const day = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1 && day.getUTCFullYear() === y && day.getUTCMonth() === mo - 1 && day.getUTCDate() === d && h <= 23 && mi <= 59 && s <= 59
    && (m[9] === undefined || Number(m[9]) <= 15) && Number(m[10] ?? 0) <= 59 && Number(m[11] ?? 0) <= 59;
}

/** A value of the anchor fits its key: the type's text as PostgreSQL reads it back without an error. */
function validValue(v: unknown, k: PageKey): v is string | null {
  if (v === null) return !!k.nullable;
  if (typeof v !== 'string' || v.length > 1000 || v.includes('\u0000')) return false;
  switch (k.type) {
    case 'text': return true;
    case 'bool': return v === 'true' || v === 'false';
    case 'int': return /^-?\d{1,10}$/.test(v) && Math.abs(Number(v)) <= 2 ** 31 - 1;
    case 'numeric': return /^-?\d{1,30}(\.\d{1,30})?$/.test(v);
    case 'float8': {
      const n = Number(v);
      return /^-?(\d{1,30}(\.\d{0,30})?|\.\d{1,30})(e[+-]?\d{1,3})?$/i.test(v) && Number.isFinite(n) && (n === 0 || Math.abs(n) >= 2.3e-308);
    }
    case 'timestamptz': return validTimestamp(v);
  }
}

/**
 * The anchor the client sent, if it belongs to this request (same scope and page size) and every value fits its key;
 * anything else (another list, sort, filter or size, a token that does not decode) is no anchor: plain OFFSET.
 */
export function readAnchor(keys: readonly PageKey[], req: PageRequest): Anchor | undefined {
  if (!req.anchor || req.anchor.length > MAX_ANCHOR) return undefined;
  let a: unknown;
  try {
    a = JSON.parse(Buffer.from(req.anchor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!a || typeof a !== 'object') return undefined;
  const o = a as Record<string, unknown>;
  if (o.v !== 1 || o.s !== scopeHash(req.scope) || o.n !== req.size) return undefined;
  const p = o.p;
  const t = o.t;
  if (typeof p !== 'number' || !Number.isInteger(p) || p < 1 || p > 1e7 || typeof t !== 'number' || !Number.isInteger(t) || t < 0 || t > 2 ** 40) return undefined;
  const ok = (vs: unknown): vs is KeyValues => Array.isArray(vs) && vs.length === keys.length && vs.every((v, i) => validValue(v, keys[i]));
  if (!ok(o.f) || !ok(o.l)) return undefined;
  return { p, t, f: o.f, l: o.l };
}

const cast = (k: PageKey, v: SQL): SQL => (k.type === 'text' ? v : sql`cast(${v} as ${sql.raw(k.type === 'bool' ? 'boolean' : k.type)})`);

/**
 * "Strictly after `vals` in the order of `keys`" (each key with its direction and nulls), as a condition. When every
 * key goes one way and no value or column is null, a row comparison, which an index on the keys serves as a range;
 * otherwise the expanded form, led by a bound on the first key that an index can still start from.
 */
function after(keys: readonly { k: PageKey; desc: boolean }[], vals: KeyValues, bind: (i: number, v: string) => SQL): { cond: SQL; form: string } {
  const plain = keys.every(({ k, desc }, i) => !k.nullable && vals[i] !== null && desc === keys[0].desc);
  if (plain) {
    const lhs = sql.join(keys.map(({ k }) => sql`${k.expr}`), sql`, `);
    const rhs = sql.join(keys.map(({ k }, i) => cast(k, bind(i, vals[i]!))), sql`, `);
    return { cond: sql`(${lhs}) ${sql.raw(keys[0].desc ? '<' : '>')} (${rhs})`, form: 'row' };
  }
  let form = '';
  const gt = (i: number): SQL => {
    const { k, desc } = keys[i];
    const v = vals[i];
    if (v === null) {
      form += 'N';
      // Ascending, nulls last: nothing after null. Descending, nulls first: every value.
      return desc ? sql`${k.expr} is not null` : sql`false`;
    }
    form += k.nullable ? 'n' : 'v';
    const val = cast(k, bind(i, v));
    if (desc) return sql`${k.expr} < ${val}`;
    return k.nullable ? sql`(${k.expr} > ${val} or ${k.expr} is null)` : sql`${k.expr} > ${val}`;
  };
  const eq = (i: number): SQL => (vals[i] === null ? sql`${keys[i].k.expr} is null` : sql`${keys[i].k.expr} = ${cast(keys[i].k, bind(i, vals[i]!))}`);
  const chain = (i: number): SQL => (i === keys.length - 1 ? gt(i) : sql`(${gt(i)} or (${eq(i)} and ${chain(i + 1)}))`);
  const first = keys[0];
  const v0 = vals[0];
  // The lead bound (redundant, for the index): the first key at or after its value.
  const lead = v0 === null ? (first.desc ? undefined : sql`${first.k.expr} is null`)
    : first.desc ? sql`${first.k.expr} <= ${cast(first.k, bind(0, v0))}`
      : first.k.nullable ? undefined : sql`${first.k.expr} >= ${cast(first.k, bind(0, v0))}`;
  const cond = chain(0);
  return { cond: lead ? sql`${lead} and ${cond}` : cond, form: `x${form}${lead ? 'b' : ''}` };
}

/**
 * How to read page `req.page`: from whichever is nearest of the start, the anchor and the end. `bind` 'inline' puts the
 * anchor's values in the SQL as bound parameters; 'placeholder' as sql.placeholder('a0'…) with their `values`, for a
 * prepared statement (then `shape` names the SQL).
 */
export function planPage(keys: readonly PageKey[], req: PageRequest, bind: 'inline' | 'placeholder' = 'inline'): PagePlan {
  const size = req.size;
  const start = (req.page - 1) * size;
  const forward = keys.map((k) => ({ k, desc: !!k.desc }));
  const backward = keys.map((k) => ({ k, desc: !k.desc }));
  const order = (ks: typeof forward) => ks.map(({ k, desc }) => sql`${k.expr} ${sql.raw(desc ? 'desc' : 'asc')}`);
  const plain: PagePlan = { mode: 'start', reverse: false, where: undefined, orderBy: order(forward), limit: size, offset: start, shape: 'start', values: {} };
  const a = readAnchor(keys, req);
  if (!a) return plain;
  const values: Record<string, string> = {};
  const binder = (prefix: string) => (i: number, v: string): SQL => {
    if (bind === 'inline') return sql`${v}`;
    values[`${prefix}${i}`] = v;
    return sql`${sql.placeholder(`${prefix}${i}`)}`;
  };
  const lastPage = Math.max(1, Math.ceil(a.t / size));
  // Rows to skip by each way (a page past the end is OFFSET's: empty).
  const fromAnchor = req.page === a.p ? 0 : req.page > a.p ? (req.page - a.p - 1) * size : (a.p - req.page - 1) * size;
  const endRows = Math.min(req.page * size, a.t);
  const fromEnd = req.page <= lastPage ? a.t - endRows : Infinity;
  if (start <= fromAnchor && start <= fromEnd) return plain;
  if (fromAnchor <= fromEnd) {
    if (req.page >= a.p) {
      // Forward from the anchor: at or after its first row (the same page), or after its last row.
      const same = req.page === a.p;
      const { cond, form } = same ? after(backward, a.f, binder('a')) : after(forward, a.l, binder('a'));
      return { mode: 'anchor', reverse: false, where: same ? sql`not coalesce(${cond}, false)` : cond, orderBy: order(forward), limit: size, offset: fromAnchor, shape: `${same ? 'same' : 'next'}:${form}`, values, total: a.t };
    }
    const { cond, form } = after(backward, a.f, binder('a'));
    return { mode: 'anchor', reverse: true, where: cond, orderBy: order(backward), limit: size, offset: fromAnchor, shape: `prev:${form}`, values, total: a.t };
  }
  return { mode: 'end', reverse: true, where: undefined, orderBy: order(backward), limit: endRows - start, offset: fromEnd, shape: 'end', values, total: a.t };
}

/** The rows of a page in the list's order (a reverse plan's rows reversed). */
export function rowsOf<R>(plan: PagePlan, rows: readonly R[]): R[] {
  return plan.reverse ? [...rows].reverse() : [...rows];
}

/** The keys as text columns k0, k1, … of a page's select, for its anchor (anchorOf). */
export function keyColumns(keys: readonly PageKey[]): Record<string, SQL<string | null>> {
  return Object.fromEntries(keys.map((k, i) => [`k${i}`, sql<string | null>`(${k.expr})::text`]));
}

/** The anchor of a served page (rows in the list's order, each with its k0, k1, … text columns), or undefined if empty. */
export function anchorOf(keys: readonly PageKey[], req: PageRequest, rows: readonly Record<string, unknown>[], total: number): string | undefined {
  if (rows.length === 0) return undefined;
  const vals = (r: Record<string, unknown>) => keys.map((_, i) => (r[`k${i}`] == null ? null : String(r[`k${i}`])));
  const body = { v: 1, s: scopeHash(req.scope), n: req.size, p: req.page, t: total, f: vals(rows[0]), l: vals(rows[rows.length - 1]) };
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

/**
 * Reads a page by plan, with `read` running the list's query for a plan and answering its rows (in the plan's
 * order, with k0, k1, …) and the total now. An end plan relies on the total in the anchor: if the total changed, the
 * page is read again from the start, so a page is OFFSET's whenever the data is. Answers the rows in the list's
 * order, the total and the anchor of the page served.
 */
export async function readAnchoredPage<R extends Record<string, unknown>>(keys: readonly PageKey[], req: PageRequest, read: (plan: PagePlan) => Promise<{ rows: R[]; total: number }>, bind: 'inline' | 'placeholder' = 'inline'): Promise<{ rows: R[]; total: number; anchor: string | undefined; plan: PagePlan }> {
  let plan = planPage(keys, req, bind);
  let r: { rows: R[]; total: number };
  try {
    r = await read(plan);
  } catch (e) {
    // A value PostgreSQL still refused (a data exception, class 22): the anchor is ignored, as any that does not fit.
    if (plan.mode === 'start' || !isDataException(e)) throw e;
    plan = planPage(keys, { ...req, anchor: undefined }, bind);
    r = await read(plan);
  }
  if (plan.mode === 'end' && r.total !== plan.total) {
    plan = planPage(keys, { ...req, anchor: undefined }, bind);
    r = await read(plan);
  }
  const rows = rowsOf(plan, r.rows);
  return { rows, total: r.total, anchor: anchorOf(keys, req, rows, r.total), plan };
}

function isDataException(e: unknown): boolean {
  const code = (x: unknown) => (x && typeof x === 'object' ? (x as { code?: unknown }).code : undefined);
  const c = code(e) ?? code((e as { cause?: unknown } | null)?.cause);
  return typeof c === 'string' && c.startsWith('22');
}

/** Puts a page's anchor on an answer object (the route's hook sends it as the Page-Anchor header). */
export function withAnchor<T extends object>(body: T, anchor: string | undefined): T {
  if (anchor) Object.defineProperty(body, PAGE_ANCHOR, { value: anchor, enumerable: false });
  return body;
}

/** preSerialization and onSend hook: an answer (an object, or JSON bytes) that carries a page's anchor (withAnchor) sends it as the Page-Anchor header. */
export async function pageAnchorHook(_req: unknown, reply: { header(name: string, value: string): unknown }, payload: unknown): Promise<unknown> {
  const anchor = payload && typeof payload === 'object' ? (payload as { [PAGE_ANCHOR]?: string })[PAGE_ANCHOR] : undefined;
  if (anchor) reply.header(PAGE_ANCHOR_HEADER, anchor);
  return payload;
}
