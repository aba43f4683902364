import fastJson from 'fast-json-stringify';
import { offerListSchema, type OfferList } from '@isik/domain';
import { responseJsonSchema } from '../../lib/serializer.js';

let stringify: ((data: unknown) => string) | undefined;
const EMPTY_ROWS = '{"offers":[]';

/**
 * The offer list's answer as JSON text: the page's rows as PostgreSQL wrote them (offers-repository.ts listOffers),
 * in the envelope (page, totalPage, totalItemCount, totals) written by the same compiled serializer the route would
 * use (lib/serializer.ts), so the text is what the route's serializer writes for the same values.
 */
export function offerListText(rowsJson: string, rest: Omit<OfferList, 'offers'>): string {
  stringify ??= fastJson(responseJsonSchema(offerListSchema) as unknown as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
  const envelope = stringify({ offers: [], ...rest });
  // `offers` is the schema's first key: the envelope starts with the empty array, which the rows replace.
  if (!envelope.startsWith(EMPTY_ROWS)) throw new Error(`offer list envelope starts with ${envelope.slice(0, 20)}`);
  return `{"offers":${rowsJson}${envelope.slice(EMPTY_ROWS.length)}`;
}
