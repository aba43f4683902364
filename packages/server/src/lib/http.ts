import { z } from 'zod';

/** Error envelope for response schemas; loose so extra keys (status, explanation) survive serialization. */
export const errorBody = z.object({ message: z.string(), code: z.string(), fields: z.record(z.string(), z.string()).optional() }).loose();
export const errorResponses = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody } as const;
export const okBody = z.object({ status: z.literal('ok') });
export const idParams = z.object({ id: z.string().min(1).max(64) });

/** Escapes LIKE wildcards so a search for '50%' means the text. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
