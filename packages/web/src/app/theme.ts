import { createTheme, type MantineThemeOverride } from '@mantine/core';
import { fontStack, type FontName } from '../lib/settings';

/** The theme depends on the font chosen in the settings panel; everything else is fixed. */
export function buildTheme(font: FontName): MantineThemeOverride {
  return createTheme({
    fontFamily: fontStack(font),
    headings: { fontFamily: fontStack(font), fontWeight: '700' },
    primaryColor: 'blue',
    defaultRadius: 'md',
    cursorType: 'pointer',
  });
}
