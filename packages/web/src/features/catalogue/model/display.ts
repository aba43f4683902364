import { BATTERY_CATEGORY, SOLAR_PANEL_CATEGORY, formatNumber, type PublicProduct } from '@isik/domain';

/** Up to two decimals, none for whole numbers, in the Turkish format (4.500 lm, 12,8 VDC). */
export function formatFigure(value: number): string {
  if (!Number.isFinite(value)) return '';
  const decimals = Number.isInteger(value) ? 0 : Number.isInteger(Math.round(value * 100) / 10) ? 1 : 2;
  return formatNumber(value, decimals);
}

export interface Figure { key: 'power' | 'lumen' | 'capacity' | 'voltage' | 'panel'; value: string }

/**
 * The main figures of a product by category (spec 001 9): solar panels (7) show power only in Wp,
 * batteries (8) show Ah and VDC, the luminaires (0-6) show W and lm.
 */
export function productFigures(p: Pick<PublicProduct, 'model_category' | 'urun_guc' | 'urun_lumen' | 'urun_kapasite' | 'urun_voltaj'>): Figure[] {
  if (p.model_category === SOLAR_PANEL_CATEGORY) return [{ key: 'panel', value: `${formatFigure(p.urun_guc)} Wp` }];
  if (p.model_category === BATTERY_CATEGORY) {
    return [{ key: 'capacity', value: `${formatFigure(p.urun_kapasite)} Ah` }, { key: 'voltage', value: `${formatFigure(p.urun_voltaj)} VDC` }];
  }
  return [{ key: 'power', value: `${formatFigure(p.urun_guc)} W` }, { key: 'lumen', value: `${formatFigure(p.urun_lumen)} lm` }];
}

/** '46,50 $' when the product has a price, '' otherwise. */
export function formatPrice(p: Pick<PublicProduct, 'urun_fiyat' | 'urun_doviz'>): string {
  if (p.urun_fiyat === undefined || p.urun_fiyat <= 0) return '';
  return `${formatNumber(p.urun_fiyat, 2)} ${p.urun_doviz ?? ''}`.trim();
}

export { localText } from '../../../lib/public-products';

/** The language of the public product page from its URL segment: 0 is Turkish, anything else English (spec 001 2.8). */
export function pageLang(segment: string | undefined): 'tr' | 'en' {
  return segment === '0' ? 'tr' : 'en';
}

export function langSegment(lang: string): '0' | '1' {
  return lang === 'tr' ? '0' : '1';
}

export function productPath(id: string, lang: string): string {
  return `/web/${encodeURIComponent(id)}/${langSegment(lang)}`;
}

export function datasheetPath(id: string, segment: '0' | '1'): string {
  return `/pdf/datasheet/${encodeURIComponent(id)}/${segment}`;
}

/** Share links of the page (spec 001 2.8: several social networks and e-mail). */
export function shareLinks(url: string, title: string): { key: 'facebook' | 'x' | 'linkedin' | 'whatsapp' | 'email'; href: string }[] {
  const u = encodeURIComponent(url);
  const tt = encodeURIComponent(title);
  return [
    { key: 'facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { key: 'x', href: `https://twitter.com/intent/tweet?url=${u}&text=${tt}` },
    { key: 'linkedin', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { key: 'whatsapp', href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
    { key: 'email', href: `mailto:?subject=${tt}&body=${u}` },
  ];
}

/** A download's kind, for the preview in the downloads tab. */
export function downloadKind(d: { type: string; name: string; file: string }): 'image' | 'pdf' | 'other' {
  const type = d.type.toLowerCase();
  const name = (d.name || d.file).toLowerCase();
  if (type.startsWith('image/') || /\.(png|jpe?g|gif|webp|svg)$/.test(name)) return 'image';
  if (type === 'application/pdf' || type === 'pdf' || name.endsWith('.pdf')) return 'pdf';
  return 'other';
}
