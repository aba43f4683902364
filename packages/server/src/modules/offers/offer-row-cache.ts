import { createHash } from 'node:crypto';

/**
 * The offer list's rows as UTF-8 bytes, kept by this API process and keyed by the text's own key (offers.list_key: the
 * first 16 bytes of the SHA-256 of offers.list_json, a stored generated column; ADR 0050). A key names one text: when
 * an offer's list text changes, on any instance, its key changes with it, so a cached text is never stale; an old
 * key's entry is simply no longer asked for and ages out.
 *
 * Bounded by bytes in two generations: hits and new entries go to the young one; when the young one holds half the
 * bound it becomes the old one and the previous old one is dropped whole. A text asked for from the old generation
 * moves to the young one. So at most `maxBytes` (texts plus a per-entry allowance) are held, a hit costs one or two Map
 * lookups, and what is not asked for within two generations is forgotten. The refill is a restart (it starts empty).
 */
export interface OfferRowCache {
  /** The text of `key` (32 hex digits), or undefined. */
  get(key: string): Buffer | undefined;
  /** Keeps `text` under `key`. */
  set(key: string, text: Buffer): void;
  /** Entries and bytes held (texts plus the allowance), for tests and metrics. */
  size(): { entries: number; bytes: number };
  /** Empties it, and its pages. */
  clear(): void;
  /**
   * Whole pages made of its texts (listOffers: the rows joined with the answer's head and tail), keyed by the head, the
   * tail and a digest of the page's row keys (pageKey): a page asked for again with the same rows and totals is sent as
   * it was, without a lookup per row nor a copy of the page (ADR 0063). Bounded apart (OFFER_PAGE_CACHE_BYTES), in the
   * same two generations; emptied with the texts (a page is made of them).
   */
  pages: Pick<OfferRowCache, 'get' | 'set' | 'size'>;
}

/** What an entry costs besides its text: the Map entry, the key string and the Buffer object (about). */
const ENTRY_OVERHEAD = 160;

/** 64 MiB: about 100,000 rows of the bench's 640 bytes, every offer of the bench's 20,000 five times over. */
export const OFFER_ROW_CACHE_BYTES = 64 * 1024 * 1024;

/** 32 MiB: about 50 pages of 1,000 of the bench's rows (the bench's 20,000 offers are 20 such pages). */
export const OFFER_PAGE_CACHE_BYTES = 32 * 1024 * 1024;

export function createOfferRowCache(maxBytes = OFFER_ROW_CACHE_BYTES, pageBytes = OFFER_PAGE_CACHE_BYTES): OfferRowCache {
  const rows = twoGenerations(maxBytes);
  const pages = twoGenerations(pageBytes);
  return { get: rows.get, set: rows.set, size: rows.size, clear() { rows.clear(); pages.clear(); }, pages };
}

/** The key of a page in `pages`: its head and tail, and the SHA-256 of its row keys as the keys statement sent them. */
export function pageKey(head: string, tail: string, rowKeys: Buffer): string {
  return `${head}\u0000${tail}\u0000${createHash('sha256').update(rowKeys).digest('base64')}`;
}

function twoGenerations(maxBytes: number): Omit<OfferRowCache, 'pages'> {
  let young = new Map<string, Buffer>();
  let old = new Map<string, Buffer>();
  let youngBytes = 0;
  let oldBytes = 0;
  const half = Math.max(0, Math.floor(maxBytes / 2));
  const cost = (b: Buffer) => b.length + ENTRY_OVERHEAD;
  function put(key: string, text: Buffer) {
    if (cost(text) > half) return;
    if (youngBytes + cost(text) > half) {
      old = young;
      oldBytes = youngBytes;
      young = new Map();
      youngBytes = 0;
    }
    young.set(key, text);
    youngBytes += cost(text);
  }
  return {
    get(key) {
      const y = young.get(key);
      if (y) return y;
      const o = old.get(key);
      if (o) {
        old.delete(key);
        oldBytes -= cost(o);
        put(key, o);
      }
      return o;
    },
    set(key, text) {
      if (young.has(key)) return;
      const o = old.get(key);
      if (o) {
        old.delete(key);
        oldBytes -= cost(o);
      }
      put(key, text);
    },
    size: () => ({ entries: young.size + old.size, bytes: youngBytes + oldBytes }),
    clear() {
      young = new Map();
      old = new Map();
      youngBytes = 0;
      oldBytes = 0;
    },
  };
}

/** This process's cache (every request of the offer list shares it). */
export const offerRowCache = createOfferRowCache();

/** Hex digits of a key as the list's statements write it (encode(list_key, 'hex')). */
export const KEY_CHARS = 32;
/** Digits of a text's byte length in the texts statement's answer. */
const LENGTH_DIGITS = 10;

/** The keys statement's answer (each row's key, in the page's order) as keys. */
export function keysOf(bytes: Buffer | null): string[] {
  if (!bytes || bytes.length === 0) return [];
  if (bytes.length % KEY_CHARS !== 0) throw new Error(`offer list keys: ${bytes.length} bytes`);
  const keys = new Array<string>(bytes.length / KEY_CHARS);
  for (let i = 0; i < keys.length; i++) keys[i] = bytes.toString('latin1', i * KEY_CHARS, (i + 1) * KEY_CHARS);
  return keys;
}

/**
 * The texts statement's answer, each row in the page's order: its key, then 'K' (a key the request already held the
 * text of, `held`) or 'T', the text's byte length in LENGTH_DIGITS digits and the text. Texts that came are kept in the
 * cache. Answers each row's text.
 */
export function textsOf(bytes: Buffer | null, held: Map<string, Buffer>, cache: OfferRowCache): Buffer[] {
  const out: Buffer[] = [];
  if (!bytes) return out;
  let at = 0;
  while (at < bytes.length) {
    const key = bytes.toString('latin1', at, at + KEY_CHARS);
    const flag = bytes[at + KEY_CHARS];
    at += KEY_CHARS + 1;
    if (flag === 0x4b) { // 'K'
      const text = held.get(key);
      if (!text) throw new Error(`offer list texts: ${key} not held`);
      out.push(text);
    } else if (flag === 0x54) { // 'T'
      const len = Number(bytes.toString('latin1', at, at + LENGTH_DIGITS));
      at += LENGTH_DIGITS;
      // A copy of its own: a view would keep the whole answer alive as long as the one row is cached.
      const text = Buffer.from(bytes.subarray(at, at + len));
      at += len;
      cache.set(key, text);
      out.push(text);
    } else {
      throw new Error(`offer list texts: flag ${flag} at ${at}`);
    }
  }
  return out;
}

/** head, the rows joined by commas, tail: the answer's bytes. */
export function joinPage(head: string, rows: Buffer[], tail: string): Buffer {
  const headLen = Buffer.byteLength(head);
  let total = headLen + Buffer.byteLength(tail) + Math.max(0, rows.length - 1);
  for (const r of rows) total += r.length;
  const out = Buffer.allocUnsafe(total);
  let at = out.write(head, 0);
  for (let i = 0; i < rows.length; i++) {
    if (i > 0) out[at++] = 0x2c; // ','
    at += rows[i].copy(out, at);
  }
  at += out.write(tail, at);
  if (at !== total) throw new Error(`offer list page: ${at} of ${total} bytes`);
  return out;
}
