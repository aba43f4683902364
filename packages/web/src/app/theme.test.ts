import { DEFAULT_THEME, type MantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { buildTheme, cssVariablesResolver } from './theme';

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

/** `var(--mantine-color-blue-9)` or a plain colour, as a colour of the default palette. */
function resolve(value: string): string {
  const m = /^var\(--mantine-color-([a-z]+)-(\d)\)$/.exec(value);
  return m ? DEFAULT_THEME.colors[m[1]][Number(m[2])] : value;
}

describe('light theme contrast (WCAG AA, 4.5:1; Lighthouse color-contrast)', () => {
  const theme = buildTheme('Open Sans');
  const light = cssVariablesResolver(DEFAULT_THEME as MantineTheme).light;
  const shade = typeof theme.primaryShade === 'object' ? theme.primaryShade.light : theme.primaryShade;
  const primary = DEFAULT_THEME.colors.blue[shade ?? 6];

  it('white text on filled buttons and the primary colour on white', () => {
    expect(contrast('#ffffff', primary)).toBeGreaterThanOrEqual(4.5);
  });

  it('dimmed text on white and on the light grey of cards and stripes', () => {
    const dimmed = resolve(light['--mantine-color-dimmed']);
    expect(contrast(dimmed, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(dimmed, DEFAULT_THEME.colors.gray[0])).toBeGreaterThanOrEqual(4.5);
  });

  it('the light variant\'s text on its tint (the tint is the shade at 10 % over white)', () => {
    const text = resolve(light['--mantine-color-blue-light-color']);
    const tint = '#' + [1, 3, 5].map((i) => Math.round(255 * 0.9 + parseInt(primary.slice(i, i + 2), 16) * 0.1).toString(16).padStart(2, '0')).join('');
    expect(contrast(text, tint)).toBeGreaterThanOrEqual(4.5);
  });
});
