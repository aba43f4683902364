import { OPERATION_SIGNS, OPERATION_TYPES } from '@isik/domain';

/**
 * The stock sign rule in SQL, built from the domain's OPERATION_SIGNS (giris +, cikis −), so that SQL that needs the
 * sign (the ledger's recompute, the benchmark's bulk seed) is never a hand-written copy. Arguments are SQL
 * expressions (column names), not values: never pass user input. modules/stock/stock-sign.test.ts runs them on
 * PostgreSQL for every direction against signedQty.
 */
const typesWith = (sign: 1 | -1) => OPERATION_TYPES.filter((t) => OPERATION_SIGNS[t] === sign).map((t) => `'${t}'`).join(', ');

/** The quantity with its direction's sign (the domain's signedQty). */
export const signedQtySql = (type: string, qty: string): string => `(CASE WHEN ${type} IN (${typesWith(-1)}) THEN -abs(${qty}) ELSE abs(${qty}) END)`;
/** Whether a movement adds to the balance (counted in stock_in). */
export const isInSql = (type: string): string => `${type} IN (${typesWith(1)})`;
/** Whether a movement takes from the balance (counted in stock_out). */
export const isOutSql = (type: string): string => `${type} IN (${typesWith(-1)})`;
