/** @jsxRuntime automatic */
import { Document, Link, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import { formatNumber, markupPrice, type MessageKey, type ProductListRow } from '@isik/domain';
import { ACCENT, CompanyHeader, base, money, t, type CompanyHeaderModel, type DocLang } from './common.js';

/** The price list's settings (the products list's settings modal, or GET /api/pdf/pricelist's query). */
export interface PriceListSettingsInput {
  lang: DocLang;
  /** Markup percent (0-50 on the slider). */
  markup: number;
  /** Category 0-8, or null for all ('Tümü'). */
  category: number | null;
  /** Price-list type '0', '1' or '2' (T0-T2); rows are printed for '0' only. */
  type: string;
  /** The text printed under the title; %XX becomes the markup. */
  text: string;
}

export interface PriceListDocInput extends PriceListSettingsInput {
  products: readonly Pick<ProductListRow, '_id' | 'urun_kodu' | 'urun_adi' | 'urun_guc' | 'urun_lumen' | 'urun_fiyat' | 'urun_doviz' | 'model_category'>[];
  company: CompanyHeaderModel;
  /** The site's origin for the links (/web/{id}/{lang}, /pdf/datasheet/{id}/{lang}). */
  origin: string;
}

export interface PriceListRow { no: number; code: string; name: string; power: string; lumen: string; price: string; webUrl: string; datasheetUrl: string }
export interface PriceListDocModel {
  lang: DocLang; title: string; text: string; category: string; rows: PriceListRow[]; note: string; company: CompanyHeaderModel; count: string;
}

export const PRICE_LIST_TOKEN = '%XX';

/** The pure function from products and settings to the price list (spec 002 /pdf/pricelist, 9). */
export function priceListModel(a: PriceListDocInput): PriceListDocModel {
  const { lang } = a;
  const origin = a.origin.replace(/\/$/, '');
  const rows = a.type === '0' ? a.products
    .filter((p) => a.category === null || p.model_category === a.category)
    .map((p, i) => ({
      no: i + 1,
      code: p.urun_kodu,
      name: (lang === 0 ? p.urun_adi[0] : p.urun_adi[1] || p.urun_adi[0]) || p.urun_kodu,
      power: p.urun_guc ? `${formatNumber(p.urun_guc, Number.isInteger(p.urun_guc) ? 0 : 2)} W` : '',
      lumen: p.urun_lumen ? `${formatNumber(p.urun_lumen, 0)} lm` : '',
      price: money(markupPrice(p.urun_fiyat, a.markup), p.urun_doviz),
      webUrl: `${origin}/web/${encodeURIComponent(p._id)}/${lang}`,
      datasheetUrl: `${origin}/pdf/datasheet/${encodeURIComponent(p._id)}/${lang}`,
    })) : [];
  return {
    lang,
    title: t('doc.priceList.title', lang),
    text: a.text.replaceAll(PRICE_LIST_TOKEN, `%${a.markup}`),
    category: `${t('doc.priceList.category', lang)}: ${a.category === null ? t('doc.priceList.all', lang) : t(`doc.category.${a.category}` as MessageKey, lang)}`,
    rows,
    note: a.type === '0' ? '' : t('doc.priceList.otherType', lang),
    company: a.company,
    count: t('doc.priceList.count', lang).replace('{{count}}', formatNumber(rows.length, 0)),
  };
}

const s = StyleSheet.create({
  title: { fontSize: 15, fontWeight: 'bold', color: ACCENT, textAlign: 'center' },
  text: { marginTop: 4, marginBottom: 4, textAlign: 'center' },
  meta: { flexDirection: 'row', justifyContent: 'space-between', marginBottom: 6, fontSize: 8, color: '#52606d' },
  th: { flexDirection: 'row', backgroundColor: ACCENT, color: '#ffffff', fontWeight: 'bold', fontSize: 7.5 },
  tr: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: '#d9e1ea', fontSize: 7.8 },
  zebra: { backgroundColor: '#f3f6fa' },
  cell: { paddingVertical: 2.6, paddingHorizontal: 3 },
  link: { color: ACCENT, textDecoration: 'none' },
  // One line per row (a longer name or code ends in '…'), so every page holds its rows and the page count is known.
  oneLine: { maxLines: 1, textOverflow: 'ellipsis' },
  footer: { position: 'absolute', bottom: 16, left: 30, right: 30, flexDirection: 'row', justifyContent: 'space-between', fontSize: 7, color: '#5c6b7a' },
});

const W = { no: '6%', code: '17%', name: '35%', power: '9%', lumen: '10%', price: '12%', ds: '11%' };

/**
 * Rows per page: each page is laid out on its own (a single page of 5,000 rows made the layout engine split it
 * again and again: 1,000 rows took 11 s, 5,000 did not finish). A row is one line (two when a long name wraps), so a
 * page that still overflows flows onto a continuation page, which costs only its own rows.
 */
export const PRICE_LIST_ROWS_FIRST_PAGE = 34;
export const PRICE_LIST_ROWS_PER_PAGE = 42;

/** The rows cut into pages: the first page is shorter (title, text, category line). */
export function priceListPages<T>(rows: readonly T[]): T[][] {
  const pages: T[][] = [rows.slice(0, PRICE_LIST_ROWS_FIRST_PAGE)];
  for (let i = PRICE_LIST_ROWS_FIRST_PAGE; i < rows.length; i += PRICE_LIST_ROWS_PER_PAGE) pages.push(rows.slice(i, i + PRICE_LIST_ROWS_PER_PAGE));
  return pages;
}

function TableHead({ l }: { l: DocLang }) {
  return (
    <View style={s.th} fixed>
      <Text style={[s.cell, { width: W.no }]}>No</Text>
      <Text style={[s.cell, { width: W.code }]}>{t('doc.priceList.code', l)}</Text>
      <Text style={[s.cell, { width: W.name }]}>{t('doc.priceList.name', l)}</Text>
      <Text style={[s.cell, { width: W.power, textAlign: 'right' }]}>{t('doc.priceList.power', l)}</Text>
      <Text style={[s.cell, { width: W.lumen, textAlign: 'right' }]}>{t('doc.priceList.lumen', l)}</Text>
      <Text style={[s.cell, { width: W.price, textAlign: 'right' }]}>{t('doc.priceList.price', l)}</Text>
      <Text style={[s.cell, { width: W.ds, textAlign: 'center' }]}>{t('doc.priceList.datasheet', l)}</Text>
    </View>
  );
}

/** Which pages of the price list a document holds: all of them, or a run of them (the browser renders big lists in parts). */
export interface PriceListPart { from: number; to: number }

/**
 * The price list: A4, the header repeated on every page, rows linking to the product page and its datasheet.
 * `part` renders only pages from..to-1 (numbered as in the whole list), so a long list can be made in parts and
 * joined (`PRICE_LIST_PAGES_PER_PART`), showing progress between them.
 */
export function PriceListDocument({ model: m, part }: { model: PriceListDocModel; part?: PriceListPart }) {
  const l = m.lang;
  const pages = priceListPages(m.rows);
  const from = part?.from ?? 0;
  const to = Math.min(part?.to ?? pages.length, pages.length);
  return (
    <Document title={m.title} producer="Işık" language={l === 0 ? 'tr' : 'en'}>
      {pages.slice(from, to).map((rows, k) => {
        const p = from + k;
        return (
          <Page key={p} size="A4" style={base.page}>
            <CompanyHeader company={m.company} />
            {p === 0 && (
              <>
                <Text style={s.title}>{m.title}</Text>
                {m.text ? <Text style={s.text}>{m.text}</Text> : null}
                <View style={s.meta}><Text>{m.category}</Text><Text>{m.count}</Text></View>
                {m.note ? <Text>{m.note}</Text> : null}
              </>
            )}
            {rows.length > 0 && <TableHead l={l} />}
            {rows.map((r) => (
              <View key={r.no} style={r.no % 2 === 0 ? [s.tr, s.zebra] : s.tr}>
                <Text style={[s.cell, { width: W.no }]}>{r.no}</Text>
                <Link src={r.webUrl} style={[s.cell, s.link, s.oneLine, { width: W.code }]}>{r.code}</Link>
                <Text style={[s.cell, s.oneLine, { width: W.name }]}>{r.name}</Text>
                <Text style={[s.cell, { width: W.power, textAlign: 'right' }]}>{r.power}</Text>
                <Text style={[s.cell, { width: W.lumen, textAlign: 'right' }]}>{r.lumen}</Text>
                <Text style={[s.cell, { width: W.price, textAlign: 'right' }]}>{r.price}</Text>
                <Link src={r.datasheetUrl} style={[s.cell, s.link, { width: W.ds, textAlign: 'center' }]}>PDF</Link>
              </View>
            ))}
            <View style={s.footer}>
              <Text>{m.title}</Text>
              <Text>{`${t('doc.page', l)} ${p + 1} / ${pages.length}`}</Text>
            </View>
          </Page>
        );
      })}
    </Document>
  );
}

/** Pages per part when the browser makes a long price list in parts (about 1,000 rows, a second or two each). */
export const PRICE_LIST_PAGES_PER_PART = 24;

/** The parts of a price list of `rows` rows: one part for a short list. */
export function priceListParts(rowCount: number): PriceListPart[] {
  const pages = rowCount <= PRICE_LIST_ROWS_FIRST_PAGE ? 1 : 1 + Math.ceil((rowCount - PRICE_LIST_ROWS_FIRST_PAGE) / PRICE_LIST_ROWS_PER_PAGE);
  const parts: PriceListPart[] = [];
  for (let from = 0; from < pages; from += PRICE_LIST_PAGES_PER_PART) parts.push({ from, to: Math.min(pages, from + PRICE_LIST_PAGES_PER_PART) });
  return parts;
}
