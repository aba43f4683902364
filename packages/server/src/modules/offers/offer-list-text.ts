import fastJson from 'fast-json-stringify';
import { offerListSchema, type OfferList } from '@isik/domain';
import { responseJsonSchema } from '../../lib/serializer.js';

let stringify: ((data: unknown) => string) | undefined;
const EMPTY_ROWS = '{"offers":[]';

/**
 * The offer list's answer around its rows: the head and tail of the JSON (page, totalPage, totalItemCount, totals)
 * written by the same compiled serializer the route would use (lib/serializer.ts), so that head + the rows as
 * PostgreSQL wrote them (joined by commas) + tail are the bytes the route's serializer writes for the same values.
 * listOffers joins them as bytes (offers-repository.ts; the rows from the cache of ADR 0050): the page, about 640 KB at
 * 1,000 rows, is never a string in Node (issue 27).
 */
export function offerListEnvelope(rest: Omit<OfferList, 'offers'>): [head: string, tail: string] {
  stringify ??= fastJson(responseJsonSchema(offerListSchema) as unknown as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
  const envelope = stringify({ offers: [], ...rest });
  // `offers` is the schema's first key: the envelope starts with the empty array, whose brackets hold the rows.
  if (!envelope.startsWith(EMPTY_ROWS)) throw new Error(`offer list envelope starts with ${envelope.slice(0, 20)}`);
  return ['{"offers":[', `]${envelope.slice(EMPTY_ROWS.length)}`];
}
