import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, fontStack, parseSettings } from './settings';

describe('settings', () => {
  it('defaults to Open Sans, menu icon C and submenu icon A (spec 000 2.2)', () => {
    expect(parseSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toMatchObject({ font: 'Open Sans', menuIconStyle: 'C', submenuIconStyle: 'A' });
  });

  it('keeps valid stored fields and drops wrong ones one by one', () => {
    const s = parseSettings(JSON.stringify({ font: 'Roboto', menuIconStyle: 'Z', nightMode: true, rtl: 'yes' }));
    expect(s.font).toBe('Roboto');
    expect(s.menuIconStyle).toBe('C');
    expect(s.nightMode).toBe(true);
    expect(s.rtl).toBe(false);
    expect(parseSettings('{broken')).toEqual(DEFAULT_SETTINGS);
  });

  it('puts the chosen font first', () => {
    expect(fontStack('Montserrat').startsWith("'Montserrat Variable', 'Montserrat'")).toBe(true);
  });
});
