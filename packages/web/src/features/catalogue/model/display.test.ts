import { describe, expect, it } from 'vitest';
import { datasheetPath, downloadKind, formatFigure, formatPrice, localText, pageLang, productFigures, productPath, shareLinks } from './display';

const base = { urun_guc: 30, urun_lumen: 4500, urun_kapasite: 24, urun_voltaj: 12.8 };

describe('public catalogue display', () => {
  it('shows W and lm for luminaires, Wp for solar panels, Ah and VDC for batteries (spec 001 9)', () => {
    expect(productFigures({ ...base, model_category: 0 }).map((f) => f.value)).toEqual(['30 W', '4.500 lm']);
    expect(productFigures({ ...base, model_category: 7, urun_guc: 100 }).map((f) => f.value)).toEqual(['100 Wp']);
    expect(productFigures({ ...base, model_category: 8 }).map((f) => f.value)).toEqual(['24 Ah', '12,8 VDC']);
  });

  it('formats figures and prices the Turkish way', () => {
    expect(formatFigure(1234.5)).toBe('1.234,5');
    expect(formatFigure(2.45)).toBe('2,45');
    expect(formatPrice({ urun_fiyat: 1234.5, urun_doviz: '$' })).toBe('1.234,50 $');
    expect(formatPrice({})).toBe('');
  });

  it('picks the Turkish side for tr and English otherwise, falling back to the other side', () => {
    expect(localText(['Yol', 'Street'], 'tr')).toBe('Yol');
    expect(localText(['Yol', 'Street'], 'es')).toBe('Street');
    expect(localText(['Yol', '-'], 'en')).toBe('Yol');
    expect(pageLang('0')).toBe('tr');
    expect(pageLang('1')).toBe('en');
    expect(pageLang('x')).toBe('en');
    expect(productPath('a1', 'tr')).toBe('/web/a1/0');
    expect(productPath('a1', 'es')).toBe('/web/a1/1');
    expect(datasheetPath('a1', '1')).toBe('/pdf/datasheet/a1/1');
  });

  it('builds share links around the encoded page address', () => {
    const url = 'https://example.com/web/a1/0';
    const links = shareLinks(url, 'Astra 30 W');
    expect(links.map((l) => l.key)).toEqual(['facebook', 'x', 'linkedin', 'whatsapp', 'email']);
    for (const l of links) expect(l.href).toContain(encodeURIComponent(url));
    expect(links.find((l) => l.key === 'email')!.href.startsWith('mailto:')).toBe(true);
  });

  it('tells images, PDFs and other downloads apart', () => {
    expect(downloadKind({ type: 'image/png', name: 'a', file: '' })).toBe('image');
    expect(downloadKind({ type: '', name: 'sheet.PDF', file: '' })).toBe('pdf');
    expect(downloadKind({ type: 'application/zip', name: 'x.zip', file: '' })).toBe('other');
  });
});
