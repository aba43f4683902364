import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from './constants.js';

// The plain constants live in constants.ts (no zod): the web client's first download imports them without
// pulling zod in (ADR 0018). `/* @__PURE__ */` lets a bundle drop the schemas it does not use.
export * from './constants.js';

/** Opaque record id. */
export const idSchema = /* @__PURE__ */ z.string().min(1, { error: 'error.required' }).max(64, { error: 'error.tooLong' });

/** Optimistic-concurrency version every stored record carries; updates must send back the one they read. */
export const versionSchema = /* @__PURE__ */ z.coerce.number({ error: 'error.invalidType' }).int().min(0);


export const optionalText = (max = 500) =>
  z.string({ error: 'error.invalidType' }).max(max, { error: 'error.tooLong' }).optional().nullable().transform((v) => v ?? '');

/** Query of a paged, sorted, searched list. */
export const listQuerySchema = /* @__PURE__ */ z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(DEFAULT_PAGE_SIZE),
  orderBy: z.string().max(40).optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
  search: z.string().max(200).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** Error envelope of every failed call (DECISIONS 1). */
export const errorSchema = /* @__PURE__ */ z.object({
  message: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof errorSchema>;
