import { z } from 'zod';
import { buyingSchema } from './buying.js';

/**
 * Planning (issue 25, spec 002 2.3; docs/decisions/0044-planning.md): purchase requests made from the component
 * list's shortages. The suggestion rule is the domain's suggestedPurchase (orders.ts); the server reads the same
 * component list the screen shows, so a request asks for exactly the row's suggested quantity.
 */

/** How many materials one call may name. */
export const FROM_SHORTAGES_MAX = 500;

/** POST /buying/fromShortages: `{ materialIds: [...] }` (the selected rows) or `{ all: true }` (every short material). */
export const fromShortagesInputSchema = z.object({
  materialIds: z.array(z.string({ error: 'planning.materialIds.invalid' }).trim().min(1, { error: 'planning.materialIds.invalid' }).max(64, { error: 'planning.materialIds.invalid' }), { error: 'planning.materialIds.invalid' })
    .max(FROM_SHORTAGES_MAX, { error: 'planning.materialIds.tooMany' }).optional(),
  all: z.literal(true, { error: 'planning.all.invalid' }).optional(),
}, { error: 'error.invalidType' }).superRefine((v, ctx) => {
  if (v.all && v.materialIds !== undefined) ctx.addIssue({ code: 'custom', path: ['materialIds'], message: 'planning.materialIds.orAll' });
  else if (!v.all && (v.materialIds === undefined || v.materialIds.length === 0)) ctx.addIssue({ code: 'custom', path: ['materialIds'], message: 'planning.materialIds.required' });
});
export type FromShortagesInput = z.input<typeof fromShortagesInputSchema>;

/**
 * The answer: the requests made (status 0, one per material, at the suggested quantity) and the materials named
 * that had nothing to buy, skipped (reason 'noShortage': stock and open purchases already cover what open lines
 * need). A material that does not exist refuses the whole call (400, field materialIds).
 */
export const fromShortagesSchema = z.object({
  created: z.array(buyingSchema),
  skipped: z.array(z.object({ material_id: z.string(), material_name: z.string(), reason: z.literal('noShortage') })),
});
export type FromShortages = z.infer<typeof fromShortagesSchema>;
