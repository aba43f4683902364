import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from './constants.js';

// The plain constants live in constants.ts (no zod): the web client's first download imports them without
// pulling zod in (ADR 0018). `/* @__PURE__ */` lets a bundle drop the schemas it does not use.
export * from './constants.js';

/** Opaque record id. */
export const idSchema = /* @__PURE__ */ z.string().min(1, { error: 'error.required' }).max(64, { error: 'error.tooLong' });

/**
 * Optimistic-concurrency version every stored record carries (DECISIONS 1). An update that sends it is refused
 * with 409 when stale; one without it (a client written only against spec section 7) applies as sent. When sent it
 * must be a JSON non-negative integer: no coercion, so `true`, `""`, `null` or `[0]` are refused naming `__v`.
 * Every update schema extends with it; services compare it through the server's `lib/version.ts`.
 */
export const versionSchema = /* @__PURE__ */ z.number({ error: 'error.version' }).int({ error: 'error.version' }).min(0, { error: 'error.version' }).optional();


export const optionalText = (max = 500) =>
  z.string({ error: 'error.invalidType' }).max(max, { error: 'error.tooLong' }).optional().nullable().transform((v) => v ?? '');

/**
 * `anchor=` of a paged list (ADR 0051): the Page-Anchor header of the page the client shows, so the next page it asks
 * for is read from there. Opaque; anything that is not one short text is no anchor (never an error: plain OFFSET).
 */
export const pageAnchorField = /* @__PURE__ */ z.string().min(1).max(4096).optional().catch(undefined);

/** Query of a paged, sorted, searched list. */
export const listQuerySchema = /* @__PURE__ */ z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000, { error: 'error.pageSize.max' }).default(DEFAULT_PAGE_SIZE),
  orderBy: z.string().max(40).optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
  search: z.string().max(200).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** The paging fields of every list envelope (ADR 0002: `{ <rows>, page, totalPage, totalItemCount }`). */
export const pageFields = { page: /* @__PURE__ */ z.number(), totalPage: /* @__PURE__ */ z.number(), totalItemCount: /* @__PURE__ */ z.number() };

export type PageInfo = { page: number; totalPage: number; totalItemCount: number };
/** The answer of a delete (and other calls that only confirm): `{ status: 'ok' }`. */
export const okSchema = /* @__PURE__ */ z.object({ status: z.literal('ok') });
export type OkAnswer = z.infer<typeof okSchema>;

/** A list envelope: its rows under `key` (the contract's name) and the paging fields. */
export function listEnvelope<K extends string, R extends z.ZodType>(key: K, row: R) {
  return z.object({ [key]: z.array(row), ...pageFields } as { [P in K]: z.ZodArray<R> } & typeof pageFields);
}

/** Error envelope of every failed call (DECISIONS 1). */
export const errorSchema = /* @__PURE__ */ z.object({
  message: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof errorSchema>;
