// The ledger's centres and directions (spec 001 4.3), zod-free for the screens that only label them (issue 12).
export const OPERATION_CENTERS = ['fatura', 'ithalat', 'uretim', 'fire', 'teslimat'] as const;
export type OperationCenter = (typeof OPERATION_CENTERS)[number];
export const OPERATION_TYPES = ['giris', 'cikis'] as const;
export type OperationType = (typeof OPERATION_TYPES)[number];
