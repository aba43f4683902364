import { or, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { FOLD_FROM, FOLD_TO } from '../db/schema.js';
import { likePattern } from './http.js';

/**
 * The one search fold of every server list (companies, users, products, models, materials, images, the public
 * catalogue): case- and Turkish-letter-insensitive, the same in every database locale (PGlite, and PostgreSQL
 * initialised with the C locale, whose lower() folds ASCII only). Both sides go through lower(translate(…)) mapping
 * Ç Ğ İ I Ö Ş Ü ı (and â î û) to c g i i o s u i, so 'AYDINLATMA', 'Aydınlatma' and 'aydinlatma' find each other,
 * as do 'FIRAT' and 'fırat', 'İZMİR' and 'izmir'.
 */
export function folded(col: SQLWrapper): SQL {
  return sql`lower(translate(${col}, ${FOLD_FROM}, ${FOLD_TO}))`;
}

/**
 * The LIKE pattern of a search term, folded like the columns. A placeholder (a prepared list, lib/prepared.ts) stands
 * for the term's likePattern: give it `likePattern(term)` as its value.
 */
export function foldedPattern(term: string | Placeholder): SQL {
  return sql`lower(translate(${typeof term === 'string' ? likePattern(term) : term}, ${FOLD_FROM}, ${FOLD_TO}))`;
}

/** The term found in any of the columns (folded on the fly). */
export function searchAny(cols: SQLWrapper[], term: string | Placeholder): SQL {
  const pattern = foldedPattern(term);
  return or(...cols.map((c) => sql`${folded(c)} like ${pattern}`))!;
}

/** The term folded as the columns are (lower() of the C locale folds ASCII only). */
export function foldText(term: string): string {
  return [...term].map((c) => {
    const i = FOLD_FROM.indexOf(c);
    return i >= 0 ? FOLD_TO[i] : c;
  }).join('').replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/**
 * Whether a trigram index (pg_trgm, ADR 0053) can narrow a search for the term: its folded text has a run of three
 * letters or digits (pg_trgm's words in the C locale: ASCII letters and digits; the fold makes Turkish letters ASCII).
 * Without one the pattern yields no trigram and a GIN index would be read whole (1.3 s for 'x' over 200,000 offers,
 * where reading the table takes 0.2 s).
 */
export function trigramSearch(term: string): boolean {
  return /[a-z0-9]{3}/.test(foldText(term));
}

/**
 * Search in a stored, already folded column (products.search_text, offers.search_text, order_items.search_text, …):
 * `col LIKE '%term%'` with LIKE's own characters escaped, which the trigram indexes of offers and order lines answer
 * (migration 0040). A term too short for trigrams (`trigramSearch`) is the same test written as strpos(col, term) > 0,
 * which no index answers, so PostgreSQL reads the table instead of the whole index. A placeholder (a prepared list)
 * stands for the term's likePattern, or with `short` for the term itself.
 */
export function searchFolded(col: SQLWrapper, term: string | Placeholder, short = typeof term === 'string' && !trigramSearch(term)): SQL {
  if (short) return sql`strpos(${col}, lower(translate(${term}, ${FOLD_FROM}, ${FOLD_TO}))) > 0`;
  return sql`${col} like ${foldedPattern(term)}`;
}
