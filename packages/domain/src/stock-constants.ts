// The ledger's centres and directions (spec 001 4.3), zod-free for the screens that only label them (issue 12).
export const OPERATION_CENTERS = ['fatura', 'ithalat', 'uretim', 'fire', 'teslimat', 'devir'] as const;
export type OperationCenter = (typeof OPERATION_CENTERS)[number];
export const OPERATION_TYPES = ['giris', 'cikis'] as const;
export type OperationType = (typeof OPERATION_TYPES)[number];
/**
 * The stock sign rule (spec 001 4.3, DECISIONS 5): a giris (in) adds its quantity to the balance, a cikis (out) takes it
 * away. The one source of the sign: signedQty, the ledger's balance columns and the SQL built by signedQtySql
 * (modules/stock in the server) read it here; modules/stock/stock-sign.test.ts holds the ledger's SQL equal to it.
 */
export const OPERATION_SIGNS: Readonly<Record<OperationType, 1 | -1>> = { giris: 1, cikis: -1 };
/** The sign of a direction: -1 for cikis, +1 for giris (and, as signedQty always read it, for anything else). */
export const operationSign = (type: string): 1 | -1 => (Object.hasOwn(OPERATION_SIGNS, type) ? OPERATION_SIGNS[type as OperationType] : 1);
