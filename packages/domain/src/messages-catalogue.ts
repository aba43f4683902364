import type { Entry } from './messages.js';

/** Messages of the catalogue area, in the three languages (English as the spec quotes it). */
export const CATALOGUE_MESSAGES = {
} satisfies Record<string, Entry>;
