/** The product's languages (Turkish first: the default). Kept apart from messages.ts, which is large. */
export const LANGS = ['tr', 'en', 'es'] as const;
export type Lang = (typeof LANGS)[number];
