import fastJson from 'fast-json-stringify';
import { offerListSchema, type OfferList } from '@isik/domain';
import { responseJsonSchema } from '../../lib/serializer.js';

let stringify: ((data: unknown) => string) | undefined;
const EMPTY_ROWS = '{"offers":[]';

const HEAD = Buffer.from('{"offers":[');

/**
 * The offer list's answer as JSON (UTF-8 bytes): the page's rows as PostgreSQL wrote them (offers-repository.ts
 * listOffers: the rows joined by commas, as bytes), in the envelope (page, totalPage, totalItemCount, totals) written
 * by the same compiled serializer the route would use (lib/serializer.ts), so the bytes are what the route's
 * serializer writes for the same values. The rows are never decoded into a string (issue 27: a page of 1,000 is
 * about 480 KB).
 */
export function offerListText(rowsJson: Buffer, rest: Omit<OfferList, 'offers'>): Buffer {
  stringify ??= fastJson(responseJsonSchema(offerListSchema) as unknown as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
  const envelope = stringify({ offers: [], ...rest });
  // `offers` is the schema's first key: the envelope starts with the empty array, whose brackets hold the rows.
  if (!envelope.startsWith(EMPTY_ROWS)) throw new Error(`offer list envelope starts with ${envelope.slice(0, 20)}`);
  return Buffer.concat([HEAD, rowsJson, Buffer.from(`]${envelope.slice(EMPTY_ROWS.length)}`)]);
}
