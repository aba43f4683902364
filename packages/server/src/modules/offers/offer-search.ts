import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { OFFER_NO_PREFIX } from '@isik/domain';
import { FOLD_FROM, FOLD_TO, OFFER_NO_FOLD, OFFER_REST_FOLD, offers } from '../../db/schema.js';
import { likePattern } from '../../lib/http.js';
import { foldText, trigramSearch } from '../../lib/search.js';

/**
 * How the offer list finds a term (ADR 0053, 0054):
 * - `short`: no three letters or digits in a row, so no trigram: strpos over search_text (reads the table);
 * - `number`: a term that starts like an offer number (the folded prefix, 'tkf') and holds no space: the folded number's
 *   prefix from a btree (offers_no_fold_idx) or the term in the other fields and the number past its first letter
 *   (offers_search_rest_trgm_idx), where the number's trigrams that nearly every offer holds ('tkf', ' kf') are rare;
 * - `trgm`: search_text LIKE '%term%' from the trigrams of search_text.
 *
 * The `number` test is the same set as search_text LIKE '%term%': search_text joins the company, the number, the subject
 * and the reference with single spaces, so a term without a space lies inside one of them; inside the number it starts
 * at the number's first character (the prefix) or later (the number past its first character, in the rest text).
 */
export type OfferSearchKind = 'short' | 'number' | 'trgm';

const NO_PREFIX = foldText(OFFER_NO_PREFIX);

export function offerSearchKind(term: string): OfferSearchKind {
  if (!trigramSearch(term)) return 'short';
  const f = foldText(term);
  return f.startsWith(NO_PREFIX) && !f.includes(' ') ? 'number' : 'trgm';
}

/** The statement's values for a term: `q` (and `qp`, the number's prefix pattern), as offerSearchCond reads them. */
export function offerSearchValues(term: string, kind: OfferSearchKind): { q: string; qp?: string } {
  if (kind === 'short') return { q: term };
  if (kind === 'trgm') return { q: likePattern(term) };
  const pattern = likePattern(term);
  return { q: pattern, qp: pattern.slice(1) };
}

/** The search's condition on offers (unqualified columns of the one offers table of the query); q and qp as offerSearchValues gives them. */
export function offerSearchCond(kind: OfferSearchKind, q: string | Placeholder, qp?: string | Placeholder): SQL {
  const fold = (v: string | Placeholder | undefined) => sql`lower(translate(${v}, ${sql.raw(`'${FOLD_FROM}'`)}, ${sql.raw(`'${FOLD_TO}'`)}))`;
  if (kind === 'short') return sql`strpos(${offers.search_text}, ${fold(q)}) > 0`;
  if (kind === 'trgm') return sql`${offers.search_text} like ${fold(q)}`;
  return sql`(${sql.raw(OFFER_NO_FOLD)} like ${fold(qp)} or ${sql.raw(OFFER_REST_FOLD)} like ${fold(q)})`;
}

/** The condition for a term given as text (the sums and the count; the page passes placeholders). */
export function offerSearch(term: string): SQL {
  const kind = offerSearchKind(term);
  const v = offerSearchValues(term, kind);
  return offerSearchCond(kind, v.q, v.qp);
}
