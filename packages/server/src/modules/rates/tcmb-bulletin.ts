import { XMLParser } from 'fast-xml-parser';
import type { RateEntry } from '../../db/schema-office.js';

/** A central-bank bulletin as read from today.xml: its date, number and every currency, values as exact decimal strings. */
export interface Bulletin {
  /** YYYY-MM-DD */
  tarih: string;
  bulletinNo: string;
  currencies: RateEntry[];
  usd: { buying: string; selling: string; unit: number };
  eur: { buying: string; selling: string; unit: number };
}

export class MalformedBulletinError extends Error {}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Keep every value as the text it is: rates are decimals, never binary floats.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => name === 'Currency',
  processEntities: true,
});

const DECIMAL = /^\d{1,12}(\.\d{1,8})?$/;
const pad = (n: number) => String(n).padStart(2, '0');

function text(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return String(v);
  if (typeof v === 'object' && '#text' in (v as Record<string, unknown>)) return text((v as Record<string, unknown>)['#text']);
  return '';
}

/** 'DD.MM.YYYY' to 'YYYY-MM-DD', or null when it is no real calendar date. */
function readTarih(v: string): string | null {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(v);
  if (!m) return null;
  const [, d, mo, y] = m.map(Number);
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d || y < 1990) return null;
  return `${y}-${pad(mo)}-${pad(d)}`;
}

/** 'MM/DD/YYYY' (the Date attribute) to 'YYYY-MM-DD'. */
function readUsDate(v: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v);
  return m ? readTarih(`${m[2]}.${m[1]}.${m[3]}`) : null;
}

/** A positive decimal string with a dot, or null (empty values are allowed in the bulletin for some currencies). */
function decimalOrNull(v: string): string | null {
  if (!DECIMAL.test(v)) return null;
  return Number(v) > 0 ? v : null;
}

/**
 * Reads TCMB's today.xml (root `Tarih_Date` with Tarih, Date and Bulten_No; `Currency` elements with
 * Kod/CurrencyCode and ForexBuying/ForexSelling children). A bulletin with a bad date or without
 * usable USD and EUR forex rates is refused with MalformedBulletinError.
 */
export function parseBulletin(xml: string): Bulletin {
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(xml, true) as Record<string, unknown>;
  } catch (err) {
    throw new MalformedBulletinError(`not XML: ${(err as Error).message}`);
  }
  const root = doc?.Tarih_Date as Record<string, unknown> | undefined;
  if (!root || typeof root !== 'object') throw new MalformedBulletinError('no Tarih_Date element');
  const tarih = readTarih(text(root['@_Tarih']));
  if (!tarih) throw new MalformedBulletinError('bad Tarih attribute');
  const us = text(root['@_Date']);
  if (us && readUsDate(us) !== tarih) throw new MalformedBulletinError('Tarih and Date disagree');
  const bulletinNo = text(root['@_Bulten_No']).slice(0, 40);

  const currencies: RateEntry[] = [];
  for (const c of (Array.isArray(root.Currency) ? root.Currency : []) as Record<string, unknown>[]) {
    if (!c || typeof c !== 'object') continue;
    const code = (text(c['@_CurrencyCode']) || text(c['@_Kod'])).toUpperCase();
    if (!/^[A-Z]{3}$/.test(code)) continue;
    const unit = Number(text(c.Unit) || '1');
    currencies.push({
      code,
      name: text(c.CurrencyName) || text(c.Isim),
      unit: Number.isInteger(unit) && unit > 0 ? unit : 1,
      forexBuying: decimalOrNull(text(c.ForexBuying)),
      forexSelling: decimalOrNull(text(c.ForexSelling)),
    });
  }
  const pick = (code: 'USD' | 'EUR') => {
    const c = currencies.find((x) => x.code === code);
    if (!c || !c.forexBuying || !c.forexSelling) throw new MalformedBulletinError(`${code} forex rates missing`);
    if (c.unit !== 1) throw new MalformedBulletinError(`${code} unit is ${c.unit}`);
    return { buying: c.forexBuying, selling: c.forexSelling, unit: c.unit };
  };
  return { tarih, bulletinNo, currencies, usd: pick('USD'), eur: pick('EUR') };
}

/** A bulletin in TCMB's format (the tests' and the end-to-end feed's, and the shape documented here). */
export function bulletinXml(b: { tarih: string; bulletinNo?: string; currencies: { code: string; name?: string; isim?: string; unit?: number; forexBuying?: string; forexSelling?: string }[] }): string {
  const [y, m, d] = b.tarih.split('-');
  const rows = b.currencies.map((c, i) => `  <Currency CrossOrder="${i}" Kod="${c.code}" CurrencyCode="${c.code}">
    <Unit>${c.unit ?? 1}</Unit>
    <Isim>${c.isim ?? c.code}</Isim>
    <CurrencyName>${c.name ?? c.code}</CurrencyName>
    <ForexBuying>${c.forexBuying ?? ''}</ForexBuying>
    <ForexSelling>${c.forexSelling ?? ''}</ForexSelling>
    <BanknoteBuying></BanknoteBuying>
    <BanknoteSelling></BanknoteSelling>
    <CrossRateUSD></CrossRateUSD>
    <CrossRateOther></CrossRateOther>
  </Currency>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<?xml-stylesheet type="text/xsl" href="isokur.xsl"?>
<Tarih_Date Tarih="${d}.${m}.${y}" Date="${m}/${d}/${y}" Bulten_No="${b.bulletinNo ?? `${y}/001`}">
${rows}
</Tarih_Date>
`;
}
