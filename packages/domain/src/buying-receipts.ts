import { z } from 'zod';
import { parseDateInput } from './format.js';
import { dec, type DecimalInput } from './money.js';
import { decimalField } from './decimal-input.js';

/**
 * Receiving a purchase in parts (issue 25; docs/decisions/0045-partial-receipts.md). A purchase at 1 Order or
 * 2 Control takes receipts; each one enters stock through the ledger; reaching the ordered quantity completes the
 * purchase (3). What is still due is the ordered quantity less what was received, never below 0, and 0 once the
 * purchase is canceled (cancelling cancels only what is due).
 */

/** The statuses a receipt may be recorded in: Order and Control. */
export const BUYING_RECEIVABLE: readonly number[] = [1, 2];
/** Receipt quantities keep the purchase's 2 decimals (BUYING_QTY_PLACES). */
const RECEIPT_QTY_PLACES = 2;

/** What is still due on a purchase: ordered less received, at least 0; 0 once canceled (4). Exact decimal text. */
export function buyingDue(qty: DecimalInput, received: DecimalInput, status: number): string {
  if (status === 4) return '0';
  const d = dec(qty).minus(dec(received));
  return d.gt(0) ? d.toFixed() : '0';
}

/** DD.MM.YYYY, ISO or epoch ms; empty means today. */
const receiptDate = z.union([z.string().max(40), z.number(), z.null()], { error: 'receipt.date.invalid' }).optional().transform((v, ctx) => {
  if (v === undefined || v === null || v === '') return undefined;
  const d = parseDateInput(v);
  if (!d) {
    ctx.addIssue({ code: 'custom', message: 'receipt.date.invalid' });
    return z.NEVER;
  }
  return d;
});

/** POST /api/buying/receive/{id}: `{ qty, date, note, overReceipt? }`. */
export const receiptInputSchema = z.object({
  qty: decimalField({ key: 'receipt.qty.invalid', label: 'qty', places: RECEIPT_QTY_PLACES, positive: true, max: 1e10 }),
  date: receiptDate,
  note: z.union([z.string().max(500, { error: 'error.tooLong' }), z.null()], { error: 'error.invalidType' }).optional().transform((v) => (v ?? '').trim()),
  /** Receive more than is due (the screen asks first). */
  overReceipt: z.boolean({ error: 'error.invalidType' }).optional(),
}, { error: 'error.invalidType' });
export type ReceiptInput = z.input<typeof receiptInputSchema>;
export type ReceiptData = z.output<typeof receiptInputSchema>;

/** One receipt as the purchase's answer carries it. */
export const receiptSchema = z.object({
  _id: z.string(),
  purchase_id: z.string(),
  qty: z.number(),
  /** The day the goods arrived (ISO). */
  date: z.string(),
  note: z.string(),
  /** The ledger movement that put it into stock. */
  movement_id: z.string(),
  person: z.string(),
  created_date: z.string(),
});
export type Receipt = z.infer<typeof receiptSchema>;
