/**
 * The feature dictionaries the back office needs before its first render: what the shell (header, menu, to-dos,
 * rates, the password dialog) and the home dashboard show. Every other feature's dictionary is in a second chunk per
 * language (`i18n-<lang>-screens`, vite.config.ts) that starts loading right after the first render and that every
 * screen's loader awaits (lib/routing.tsx `appRoute`), so no screen ever shows a key. The public entry (ADR 0064)
 * has a chunk per screen feature instead (catalogue, order tracking), loaded with the screens that show it
 * (PUBLIC_SCREEN_FEATURES): the sign-in page carries neither.
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

/**
 * The public entry's screens (ADR 0030) whose texts are not in its first tier: each loads its feature's dictionary
 * (chunk `i18n-<lang>-<feature>`) with its code. Every other public screen (sign-in, sign-up, the password and error
 * pages) renders with the first tier alone.
 */
export const PUBLIC_SCREEN_FEATURES: Readonly<Record<string, readonly string[]>> = {
  '/web': ['catalogue'],
  '/web/:id': ['catalogue'],
  '/web/:id/:lang': ['catalogue'],
  '/ordertracking/:offerId/:companyId/:token': ['orders'],
};

/**
 * What only a signed-in user's header shows (the currency, reports and to-do tools, the password dialog): in the public
 * entry a group of its own (`i18n-<lang>-tools`) loaded with those lazily loaded tools (toolsDictionariesReady), so a
 * signed-out visitor never downloads it; the back office has them in its first tier.
 */
export const PUBLIC_TOOLS_FEATURES = ['rates', 'todos', 'users'] as const;

/**
 * Which second-tier group a dictionary file belongs to (its chunk is `i18n-<lang>-<group>`), or undefined for the
 * first tier: the back office has one group of every screen's (`screens`), the public entry one per feature.
 */
export function dictionaryGroup(path: string, publicEntry: boolean): string | undefined {
  const feature = /\/features\/([^/]+)\/i18n\//.exec(path)?.[1];
  if (!publicEntry) return isScreenDictionary(path) ? 'screens' : undefined;
  if (feature !== undefined && (PUBLIC_TOOLS_FEATURES as readonly string[]).includes(feature)) return 'tools';
  // A feature no public screen shows stays in the first chunk (the build only sees it in the back office's branch).
  if (!isScreenDictionary(path)) return undefined;
  return Object.values(PUBLIC_SCREEN_FEATURES).some((features) => feature !== undefined && features.includes(feature)) ? feature : undefined;
}

/** The second-tier groups a screen's loader awaits (none for the home dashboard and the public entry's own pages). */
export function screenDictionaryGroups(pattern: string, publicEntry: boolean): readonly string[] {
  if (publicEntry) return PUBLIC_SCREEN_FEATURES[pattern] ?? [];
  return FIRST_RENDER_ROUTES.includes(pattern) ? [] : ['screens'];
}
