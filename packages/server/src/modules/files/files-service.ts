import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import type { MessageKey } from '@isik/domain';
import type { Db, Executor } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { withoutSignature } from '../../lib/file-signature.js';
import { myCompanyHoldsFile } from '../mycompany/mycompany-repository.js';
import { fileBytes, fileStoreBytes, fileStored, fileTypeAndSize, insertFile, smallFileBytes } from './files-repository.js';
import { pdfProblem } from './pdf-check.js';

/** sharp is a native addon: when it cannot load, the original image serves as its own small image. */
type Sharp = typeof import('sharp').default;
const sharp: Sharp | null = await import('sharp').then((m) => m.default, () => null);
if (sharp) sharp.cache(false);

/** Types accepted by content (DECISIONS 8). Plain text, SVG and HTML are never accepted. */
export const IMAGE_MIMES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const DOCUMENT_MIMES = [
  'application/pdf',
  'application/zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
] as const;
const ACCEPTED = new Set<string>([...IMAGE_MIMES, ...DOCUMENT_MIMES]);
const IMAGES = new Set<string>(IMAGE_MIMES);
/** Shown inline by browsers; everything else is sent as an attachment. */
const INLINE = new Set<string>([...IMAGE_MIMES, 'application/pdf']);

export const SMALL_WIDTH = 400;
/**
 * Images above this many pixels are refused (decompression bombs): the declared size is checked from the header
 * before anything is decoded (issue 22; ADR 0012).
 */
export const MAX_IMAGE_PIXELS = 60_000_000;

const FILE_ID = /^[0-9a-f]{64}$/;
/** `/api/files/<sha256>` with an optional `/small` and an optional query (e.g. ?name=). */
const FILE_URL = /^\/api\/files\/([0-9a-f]{64})(\/small)?(\?[^\s#]*)?$/;
const DATA_URL = /^data:([^,]*?),/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export interface StoredFile {
  id: string;
  mime: string;
  size: number;
  /** `/api/files/<id>` */
  url: string;
  /** `/api/files/<id>/small`: the small image for images, the file itself for others. */
  smallUrl: string;
}

export interface IngestOptions {
  /** 'image': only PNG, JPEG, WebP or GIF are accepted (e.g. the image library). Default: every accepted type. */
  kind?: 'image' | 'any';
}

/**
 * A file checked, hashed and (for images) made small BEFORE a transaction (issue 8: nothing slow inside one).
 * Inside the transaction only the checks of the caller's field and the insert remain.
 */
export interface PreparedFile {
  id: string;
  bytes: Buffer;
  /** The accepted type found by content, or null. */
  mime: string | null;
  small: { small: Buffer; mime: string } | null;
  /** Why the content cannot be stored although its type is accepted (a broken image, a PDF with scripts). */
  problem: MessageKey | null;
}

export const fileUrl = (id: string) => `/api/files/${id}`;
export const smallUrlOf = (id: string) => `/api/files/${id}/small`;
export const isFileId = (id: string) => FILE_ID.test(id);
/** The file id in an `/api/files/...` URL, or null. */
export function fileIdOf(url: string | null | undefined): string | null {
  const m = typeof url === 'string' ? FILE_URL.exec(url) : null;
  return m ? m[1] : null;
}

/** Whether a value is an inline upload (a data URL) rather than a stored file's URL. */
export const isDataUrl = (v: unknown): boolean => typeof v === 'string' && v.startsWith('data:');

export function createFilesService(deps: { db: Db; maxBytes: number }) {
  const { db, maxBytes } = deps;
  const maxMb = Math.round((maxBytes / (1024 * 1024)) * 100) / 100;

  const fieldError = (status: number, key: MessageKey, field: string, params: Record<string, string | number> = {}) =>
    new AppError(status, key, { [field]: key }, params);
  const tooLarge = (field: string) => fieldError(413, 'file.tooLarge', field, { max: maxMb });

  /** The content's type by its magic bytes, when it is one we accept. */
  async function detect(bytes: Buffer): Promise<string | null> {
    let found: { mime: string } | undefined;
    try { found = await fileTypeFromBuffer(bytes); } catch { return null; }
    return found && ACCEPTED.has(found.mime) ? found.mime : null;
  }

  /**
   * Checks an image and makes its small WebP (at most SMALL_WIDTH wide), or null when the original is as good. The
   * declared size is read from the header first: over MAX_IMAGE_PIXELS it is refused before any decoding. Then the
   * whole image is decoded (failOn 'error': a truncated or corrupt file throws), so nothing that does not decode
   * is stored. Answers the refusal's key instead of the small image.
   */
  async function checkImage(bytes: Buffer): Promise<{ small: { small: Buffer; mime: string } | null } | { problem: MessageKey }> {
    if (!sharp) return { small: null };
    let w = 0;
    let h = 0;
    try {
      const meta = await sharp(bytes, { failOn: 'error', limitInputPixels: false }).metadata();
      w = meta.width ?? 0;
      h = meta.height ?? 0;
    } catch { return { problem: 'file.imageBroken' }; }
    if (!w || !h) return { problem: 'file.imageBroken' };
    if (w * h > MAX_IMAGE_PIXELS) return { problem: 'file.imageTooLarge' };
    let small: Buffer;
    try {
      small = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
        .rotate()
        .resize({ width: SMALL_WIDTH, withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer();
    } catch { return { problem: 'file.imageBroken' }; }
    if (w <= SMALL_WIDTH && small.length >= bytes.length) return { small: null };
    return { small: { small, mime: 'image/webp' } };
  }

  /**
   * The slow part of storing a file, done outside any transaction: hash, type by content, PDF check, small image
   * (skipped when the file is already stored). Throws nothing: problems are answered by insertPrepared with the field.
   */
  async function prepareBytes(bytes: Buffer, exec: Executor = db): Promise<PreparedFile> {
    const id = createHash('sha256').update(bytes).digest('hex');
    if (bytes.length === 0 || bytes.length > maxBytes) return { id, bytes, mime: null, small: null, problem: null };
    const mime = await detect(bytes);
    let small: PreparedFile['small'] = null;
    let problem: MessageKey | null = null;
    if (mime === 'application/pdf') problem = await pdfProblem(bytes);
    if (mime && IMAGES.has(mime)) {
      // Inside a transaction its own executor must ask (on PGlite the transaction holds the only connection).
      if (!(await fileStored(exec, id))) {
        // A file that looks like an image by its first bytes but is too large or does not decode is refused.
        const checked = await checkImage(bytes);
        if ('problem' in checked) problem = checked.problem;
        else small = checked.small;
      }
    }
    return { id, bytes, mime, small, problem };
  }

  /** Inside the transaction: the field's checks and the insert (once by hash). */
  async function insertPrepared(tx: Executor, p: PreparedFile, field: string, opts: IngestOptions = {}): Promise<StoredFile> {
    const { bytes, id, mime } = p;
    if (bytes.length === 0) throw fieldError(400, 'file.empty', field);
    if (bytes.length > maxBytes) throw tooLarge(field);
    if (!mime) throw fieldError(400, opts.kind === 'image' ? 'file.notImage' : 'file.unsupported', field);
    if (opts.kind === 'image' && !IMAGES.has(mime)) throw fieldError(400, 'file.notImage', field);
    if (p.problem) throw fieldError(400, p.problem, field, { megapixels: MAX_IMAGE_PIXELS / 1_000_000 });
    await insertFile(tx, { id, mime, size: bytes.length, bytes, small: p.small?.small ?? null, small_mime: p.small?.mime ?? null });
    return { id, mime, size: bytes.length, url: fileUrl(id), smallUrl: smallUrlOf(id) };
  }

  /** Checks bytes, makes the small image and stores the file once by its hash (slow: prefer prepare first). */
  async function store(tx: Executor, bytes: Buffer, field: string, opts: IngestOptions = {}): Promise<StoredFile> {
    return insertPrepared(tx, await prepareBytes(bytes, tx), field, opts);
  }

  /** Files of the current call prepared before its transaction, by their data URL (see `prepared`). */
  const preparedByUrl = new AsyncLocalStorage<Map<string, PreparedFile>>();

  /** A data URL stored: the prepared file when the call prepared it, else prepared here (inside the caller's transaction). */
  async function storeDataUrl(tx: Executor, value: string, field: string, opts: IngestOptions): Promise<StoredFile> {
    const ready = preparedByUrl.getStore()?.get(value);
    if (ready) return insertPrepared(tx, ready, field, opts);
    return store(tx, decodeDataUrl(value, field), field, opts);
  }

  /** Every data URL string anywhere in a JSON value. */
  function dataUrlsIn(value: unknown, out: Set<string>, depth = 0): Set<string> {
    if (depth > 12) return out;
    if (typeof value === 'string') {
      if (isDataUrl(value)) out.add(value);
    } else if (Array.isArray(value)) {
      for (const v of value) dataUrlsIn(v, out, depth + 1);
    } else if (value && typeof value === 'object') {
      for (const v of Object.values(value)) dataUrlsIn(v, out, depth + 1);
    }
    return out;
  }

  /** Decodes a base64 data URL; refuses a bad one (400) or one over the limit (413) before decoding. */
  function decodeDataUrl(value: string, field: string): Buffer {
    const m = DATA_URL.exec(value);
    if (!m || !/;base64$/i.test(m[1])) throw fieldError(400, 'file.invalidData', field);
    let b64 = value.slice(m[0].length);
    if (/\s/.test(b64)) b64 = b64.replace(/\s+/g, '');
    if (b64.length % 4 === 1 || !BASE64.test(b64)) throw fieldError(400, 'file.invalidData', field);
    const pad = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
    if (Math.floor((b64.length * 3) / 4) - pad > maxBytes) throw tooLarge(field);
    return Buffer.from(b64, 'base64');
  }

  /** Resolves an `/api/files/...` URL to its stored file; unknown ids answer 400 naming the field. */
  async function lookupUrl(tx: Executor, value: string, field: string, opts: IngestOptions): Promise<StoredFile> {
    const id = fileIdOf(value);
    if (!id) throw fieldError(400, 'file.invalidValue', field);
    const row = await fileTypeAndSize(tx, id);
    if (!row) throw fieldError(400, 'file.missing', field);
    if (opts.kind === 'image' && !IMAGES.has(row.mime)) throw fieldError(400, 'file.notImage', field);
    return { id, mime: row.mime, size: row.size, url: fileUrl(id), smallUrl: smallUrlOf(id) };
  }

  const service = {
    maxBytes,
    /** The limit in MB as the messages show it. */
    maxMb,

    /**
     * CONTRACT (catalogue and other areas): a data URL is decoded, checked, stored and answered as
     * `/api/files/<id>`; an `/api/files/...` URL of a stored file or '' comes back unchanged; null or
     * undefined give ''. Anything else (http URLs, junk, bad base64, unsupported type) is a 400 naming
     * `field`; a file over the limit a 413 naming the limit.
     */
    async ingest(tx: Executor, value: string | null | undefined, field: string, opts: IngestOptions = {}): Promise<string> {
      if (value === null || value === undefined || value === '') return '';
      if (typeof value !== 'string') throw fieldError(400, 'file.invalidValue', field);
      if (isDataUrl(value)) return (await storeDataUrl(tx, value, field, opts)).url;
      await lookupUrl(tx, value, field, opts);
      // A signed URL (the own company's private files) is stored without its signature.
      return withoutSignature(value);
    },

    /** Like ingest, but answers the stored file's details (or null for an empty value). */
    async ingestFile(tx: Executor, value: string | null | undefined, field: string, opts: IngestOptions = {}): Promise<StoredFile | null> {
      if (value === null || value === undefined || value === '') return null;
      if (typeof value !== 'string') throw fieldError(400, 'file.invalidValue', field);
      if (isDataUrl(value)) return storeDataUrl(tx, value, field, opts);
      return lookupUrl(tx, value, field, opts);
    },

    /**
     * For lists of file rows such as productImages ({image, description}) or downloads
     * ({name, size, type, base64, file}): every string in `image`, `file`, `base64`, `tempImg` or
     * `bwfile` that holds a data URL is stored and replaced by its URL; `/api/files` URLs are checked.
     * Other values are kept. Error fields read `<field>.<index>.<key>`.
     */
    async ingestMany<T extends Record<string, unknown>>(tx: Executor, list: readonly T[] | null | undefined, field: string): Promise<T[]> {
      if (list === null || list === undefined) return [];
      if (!Array.isArray(list)) throw fieldError(400, 'file.invalidValue', field);
      const out: T[] = [];
      for (let i = 0; i < list.length; i++) {
        const item = list[i];
        if (!item || typeof item !== 'object' || Array.isArray(item)) throw fieldError(400, 'file.invalidValue', `${field}.${i}`);
        const next: Record<string, unknown> = { ...item };
        for (const key of ['image', 'file', 'base64', 'tempImg', 'bwfile']) {
          const v = next[key];
          if (typeof v !== 'string' || v === '') continue;
          if (isDataUrl(v) || v.startsWith('/api/files/')) next[key] = await service.ingest(tx, v, `${field}.${i}.${key}`);
          else if (key === 'image' || key === 'base64') throw fieldError(400, 'file.invalidValue', `${field}.${i}.${key}`);
        }
        out.push(next as T);
      }
      return out;
    },

    /**
     * Runs `work` (which opens the transaction) after preparing every data URL in `body` outside it: type
     * detection, PDF checks, hashing and image resizing happen here, and `ingest` inside the transaction only
     * inserts. A data URL that cannot be decoded is left for `ingest` to refuse with its field.
     */
    async prepared<T>(body: unknown, work: () => Promise<T>): Promise<T> {
      const map = new Map<string, PreparedFile>();
      for (const url of dataUrlsIn(body, new Set())) {
        let bytes: Buffer;
        try { bytes = decodeDataUrl(url, ''); } catch { continue; }
        map.set(url, await prepareBytes(bytes));
      }
      return map.size === 0 ? work() : preparedByUrl.run(map, work);
    },

    /** Prepares raw bytes outside a transaction; `insertPrepared` stores them inside one. */
    prepareBytes: (bytes: Buffer) => prepareBytes(bytes),
    insertPrepared,

    /** Stores raw bytes (multipart uploads) with the same checks. */
    storeBytes(tx: Executor, bytes: Buffer, field: string, opts: IngestOptions = {}): Promise<StoredFile> {
      return store(tx, bytes, field, opts);
    },

    /** The 413 error of this store's limit, for the routes' own size checks. */
    tooLarge,

    async get(id: string): Promise<{ mime: string; size: number; bytes: Buffer } | null> {
      if (!FILE_ID.test(id)) return null;
      return fileBytes(db, id);
    },

    /** The small image, or the original when it has none. */
    async getSmall(id: string): Promise<{ mime: string; bytes: Buffer } | null> {
      if (!FILE_ID.test(id)) return null;
      return smallFileBytes(db, id);
    },

    /** Bytes held by the file store (originals and small images), for the settings panel. */
    async totalBytes(): Promise<number> {
      return fileStoreBytes(db);
    },

    /** The own company's stamp, signature and certificate files (ADR 0012): only staff or a signed URL read them. */
    isPrivate: (id: string): Promise<boolean> => myCompanyHoldsFile(db, id),

    /**
     * An upload (POST /files/upload): raw bytes (multipart) or a data URL, checked, hashed and resized before the
     * transaction; inside it only the insert.
     */
    async upload(bytes: Buffer | undefined, data: string | undefined): Promise<StoredFile> {
      const ready = bytes ? await prepareBytes(bytes) : null;
      return service.prepared(data, () => db.transaction(async (tx) => {
        if (ready) return insertPrepared(tx, ready, 'file');
        return (await service.ingestFile(tx, data, 'data'))!;
      }));
    },

    isImageMime: (mime: string) => IMAGES.has(mime),
    isFileIdValid: (id: string) => FILE_ID.test(id),
    isInlineMime: (mime: string) => INLINE.has(mime),
  };
  return service;
}
export type FilesService = ReturnType<typeof createFilesService>;
