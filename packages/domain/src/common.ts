import { z } from 'zod';

// `/* @__PURE__ */`: the web client keeps this module's constants without pulling zod into its first download (ADR 0018).

/** Opaque record id. */
export const idSchema = /* @__PURE__ */ z.string().min(1, { error: 'error.required' }).max(64, { error: 'error.tooLong' });

/** Optimistic-concurrency version every stored record carries; updates must send back the one they read. */
export const versionSchema = /* @__PURE__ */ z.coerce.number({ error: 'error.invalidType' }).int().min(0);

export const PAGE_SIZES = [6, 12, 18, 30, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 30;
export const NOTICE_MS = 3000;
export const SCROLL_MAX_HEIGHT = 400;

/** A loose e-mail pattern in the spirit of the spec's client check. */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

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

export function totalPages(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Error envelope of every failed call (DECISIONS 1). */
export const errorSchema = /* @__PURE__ */ z.object({
  message: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof errorSchema>;
