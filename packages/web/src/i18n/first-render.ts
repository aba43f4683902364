/**
 * The feature dictionaries the back office needs before its first render: what the shell (header, menu, to-dos,
 * rates, the password dialog) and the home dashboard show. Every other feature's dictionary is in a second chunk per
 * language (`i18n-<lang>-screens`, vite.config.ts) that starts loading right after the first render and that every
 * screen's loader awaits (lib/routing.tsx `appRoute`), so no screen ever shows a key. The public entry (ADR 0030)
 * keeps all its dictionaries in its first chunk.
 *
 * Imported by vite.config.ts (which chunk a dictionary goes to) and by i18n/index.ts (which tier loads it): one list.
 */
export const FIRST_RENDER_FEATURES = ['dashboard', 'rates', 'todos', 'users', 'profile'] as const;

/** True for a feature dictionary's path that loads after the first render (`…/features/orders/i18n/tr.json`). */
export function isScreenDictionary(path: string): boolean {
  const feature = /\/features\/([^/]+)\/i18n\/[^/]+\.json$/.exec(path)?.[1];
  return feature !== undefined && !(FIRST_RENDER_FEATURES as readonly string[]).includes(feature);
}

/** The screens that render with the first tier alone (the home dashboard); every other screen awaits the second. */
export const FIRST_RENDER_ROUTES: readonly string[] = ['/'];
