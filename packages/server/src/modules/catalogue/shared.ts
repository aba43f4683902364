import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { blankToUndefined, LIST_MAX_PAGE_SIZE, pageAnchorField, nameLongEnough, round, type Download, type Lang, type MessageKey } from '@isik/domain';
import type { Executor } from '../../db/database.js';
import { productCounts } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';

/** What the catalogue needs of the file store (modules/files): data URLs in, '/api/files/<id>' URLs out. */
export interface FileIngest {
  ingest(tx: Executor, value: string | null | undefined, field: string, opts?: { kind?: 'image' | 'any' }): Promise<string>;
  /** Prepares every data URL of `body` (type, checks, hash, small image) before `work` opens its transaction. */
  prepared<T>(body: unknown, work: () => Promise<T>): Promise<T>;
}

/** Downloads rows: a data URL in `base64` or `file` is stored; the row keeps name, size, type and the file URL. */
export async function ingestDownloads(files: FileIngest, tx: Executor, list: readonly { name: string; size: string; type: string; file: string; base64?: string }[], field: string): Promise<Download[]> {
  const out: Download[] = [];
  for (let i = 0; i < list.length; i++) {
    const d = list[i];
    const source = d.base64?.startsWith('data:') ? d.base64 : d.file || d.base64 || '';
    const file = await files.ingest(tx, source, `${field}.${i}.file`);
    out.push({ name: d.name, size: d.size, type: d.type, file });
  }
  return out;
}

/** The name rule of spec 001 5: the text in the caller's language needs 4 characters. */
export function checkName(pair: readonly string[] | undefined, lang: Lang, field: string, key: MessageKey): void {
  if (pair === undefined) return;
  if (!nameLongEnough(pair, lang)) throw new AppError(400, key, { [field]: key });
}

/** Drops undefined values: an update sets only the fields its body carries. */
export function defined<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export const num = (v: string | number | null | undefined, places = 2): number => (v === null || v === undefined ? 0 : round(v, places));

/** Query parameters of a paged list; '' counts as not given (the client sends ?orderBy=&search=). */
export function pagingQuery(defaultPageSize: number) {
  return {
    page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(1)),
    pageSize: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(LIST_MAX_PAGE_SIZE, { error: 'error.pageSize.max' }).default(defaultPageSize)),
    order: z.preprocess(blankToUndefined, z.enum(['asc', 'desc']).optional()),
    search: z.preprocess(blankToUndefined, z.string().trim().max(200).optional()),
    anchor: pageAnchorField,
  };
}

/** A model category filter: 0-8; '' or 'all' mean every category. */
export const categoryQuery = z.preprocess((v) => (v === 'all' || v === '-1' ? undefined : blankToUndefined(v)), z.coerce.number().int().min(0).max(8).optional());

/** The search fold lives in lib/search.ts (one helper for every list); re-exported for the catalogue modules. */
export { folded, foldedPattern, searchAny, searchFolded } from '../../lib/search.js';

/**
 * The number of products of a list without a search (all, one category, active only), read from product_counts,
 * which row triggers on products keep exact in the writing transaction (migration 0017, ADR 0031): a few rows
 * instead of counting every product on every page. As a column of the page's own statement it shares its snapshot.
 */
export function productCount(f: { category?: number | Placeholder; activeOnly?: boolean }): SQL<number> {
  const where = and(f.category !== undefined ? eq(productCounts.model_category, f.category) : undefined, f.activeOnly ? sql`${productCounts.active}` : undefined);
  return sql<number>`(select coalesce(sum(${productCounts.n}), 0)::int from ${productCounts}${where ? sql` where ${where}` : sql``})`.mapWith(Number);
}
