import type { Entry } from './messages.js';

/** Messages of the files area, in the three languages (English as the spec quotes it). */
export const FILE_MESSAGES = {
} satisfies Record<string, Entry>;
