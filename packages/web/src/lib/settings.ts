import { createStore, safeStorage, useStore } from './store';

export const FONTS = ['Open Sans', 'Montserrat', 'Roboto'] as const;
export type FontName = (typeof FONTS)[number];
export const ICON_STYLES = ['A', 'B', 'C'] as const;
export type IconStyle = (typeof ICON_STYLES)[number];

/** The settings side panel (spec 000 2.2); kept in this browser only. */
export interface UiSettings {
  font: FontName;
  menuIconStyle: IconStyle;
  submenuIconStyle: IconStyle;
  nightMode: boolean;
  fixedNavbar: boolean;
  darkHeader: boolean;
  darkMinSidebar: boolean;
  darkSidebar: boolean;
  iconColor: boolean;
  gradientColor: boolean;
  rtl: boolean;
  boxLayout: boolean;
}

export const DEFAULT_SETTINGS: UiSettings = {
  font: 'Open Sans',
  menuIconStyle: 'C',
  submenuIconStyle: 'A',
  nightMode: false,
  fixedNavbar: true,
  darkHeader: false,
  darkMinSidebar: false,
  darkSidebar: false,
  iconColor: false,
  gradientColor: false,
  rtl: false,
  boxLayout: false,
};

// index.html reads the same key before React starts (night mode, direction); keep the two in step.
export const SETTINGS_KEY = 'settings';

/** Stored values from an older version may be partial or wrong; every field falls back on its own. */
export function parseSettings(raw: string | null | undefined): UiSettings {
  let stored: Record<string, unknown> = {};
  try {
    const v = raw ? (JSON.parse(raw) as unknown) : {};
    if (typeof v === 'object' && v !== null) stored = v as Record<string, unknown>;
  } catch {
    // corrupt value: defaults
  }
  const out: UiSettings = { ...DEFAULT_SETTINGS };
  const pick = <K extends keyof UiSettings>(key: K, ok: (v: unknown) => boolean) => {
    if (ok(stored[key])) out[key] = stored[key] as UiSettings[K];
  };
  pick('font', (v) => (FONTS as readonly unknown[]).includes(v));
  pick('menuIconStyle', (v) => (ICON_STYLES as readonly unknown[]).includes(v));
  pick('submenuIconStyle', (v) => (ICON_STYLES as readonly unknown[]).includes(v));
  for (const key of ['nightMode', 'fixedNavbar', 'darkHeader', 'darkMinSidebar', 'darkSidebar', 'iconColor', 'gradientColor', 'rtl', 'boxLayout'] as const) {
    pick(key, (v) => typeof v === 'boolean');
  }
  return out;
}

export const settingsStore = createStore<UiSettings>(parseSettings(safeStorage('local')?.getItem(SETTINGS_KEY)));
settingsStore.subscribe(() => {
  safeStorage('local')?.setItem(SETTINGS_KEY, JSON.stringify(settingsStore.get()));
});

export function useSettings(): UiSettings {
  return useStore(settingsStore);
}

export function updateSettings(patch: Partial<UiSettings>): void {
  settingsStore.set(patch);
}

export function resetSettings(): void {
  settingsStore.set(DEFAULT_SETTINGS);
}

/** The chosen font first (bundled as a variable font), then the same family if installed, then system fonts. */
export function fontStack(font: FontName): string {
  return `'${font} Variable', '${font}', system-ui, -apple-system, 'Segoe UI', Arial, sans-serif`;
}
