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

/** Search in a stored, already folded column (products.search_text, products.public_search). */
export function searchFolded(col: SQLWrapper, term: string | Placeholder): SQL {
  return sql`${col} like ${foldedPattern(term)}`;
}
