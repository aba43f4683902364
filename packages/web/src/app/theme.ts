import { createTheme, type CSSVariablesResolver, type MantineThemeOverride } from '@mantine/core';
import { fontStack, type FontName } from '../lib/settings';

/** The theme depends on the font chosen in the settings panel; everything else is fixed. */
export function buildTheme(font: FontName): MantineThemeOverride {
  return createTheme({
    fontFamily: fontStack(font),
    headings: { fontFamily: fontStack(font), fontWeight: '700' },
    primaryColor: 'blue',
    // Shade 8 on the light scheme: white on it, and it on white, reach the 4.5:1 contrast of WCAG AA (shade 6 gave
    // 3.6:1, flagged by Lighthouse on every button and link).
    primaryShade: { light: 8, dark: 8 },
    defaultRadius: 'md',
    cursorType: 'pointer',
  });
}

/**
 * Text colours of the light scheme at 4.5:1 or more (WCAG AA), as Lighthouse checks them: dimmed text (hints,
 * secondary lines, counts; Mantine's gray 6 gave 3.3:1 on white) and the light variant's text on its tint (tinted
 * buttons, the active menu item).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-blue-light-color': 'var(--mantine-color-blue-9)',
  },
  dark: {},
});
