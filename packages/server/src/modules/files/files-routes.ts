import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BACK_OFFICE_MAX_ROLE, actionConfig, uploadedFileSchema } from '@isik/domain';
import { validFileSignature } from '../../lib/file-signature.js';
import { AppError, notFound } from '../../lib/errors.js';
import { errorBody, errorResponses } from '../../lib/http.js';
import type { FilesService } from './files-service.js';

const fileParams = z.object({ id: z.string().max(200) });
const fileQuery = z.object({ name: z.string().max(300).optional(), exp: z.string().max(20).optional(), sig: z.string().max(100).optional() });
const uploadBody = z.object({
  data: z.string({ error: 'file.required' }).optional(),
  name: z.string({ error: 'error.invalidType' }).max(300, { error: 'error.tooLong' }).optional(),
}).nullish(); // a multipart request has no parsed body

const EXT: Record<string, string> = {
  'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif', 'application/pdf': 'pdf', 'application/zip': 'zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
};

/** A download name safe for the header: no path, quotes or control characters. */
function cleanName(name: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  return (name ?? '').replace(/[\u0000-\u001f\u007f"\\/:*?<>|]/g, '_').replace(/^[.\s]+/, '').trim().slice(0, 200);
}

/**
 * The download name with the stored type's extension, so a name cannot change what the file is
 * (`?name=evil.html` of a PNG becomes `evil.png`).
 */
export function nameForType(name: string, mime: string): string {
  const ext = EXT[mime] ?? 'bin';
  if (!name) return '';
  if (name.toLowerCase().endsWith(`.${ext}`)) return name;
  const base = name.replace(/\.[A-Za-z0-9]{1,8}$/, '') || 'file';
  return `${base}.${ext}`;
}

function disposition(kind: 'inline' | 'attachment', name: string): string {
  if (!name) return kind;
  const ascii = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]/g, '_').replace(/[%;]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Whether If-None-Match names this ETag (a list and weak forms included). */
function notModified(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').map((v) => v.trim().replace(/^W\//, '')).some((v) => v === etag);
}

/** Multipart and body-size failures of the upload answer the store's own 413 message naming the limit. */
function isTooLarge(err: FastifyError): boolean {
  return err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.statusCode === 413;
}

export const filesRoutes: FastifyPluginAsyncZod<{ files: FilesService; secret: () => string }> = async (app, { files, secret }) => {
  const tags = ['files'];
  await app.register(multipart, { limits: { fileSize: files.maxBytes, files: 1, fields: 10, fieldSize: 4096, parts: 20 } });

  // Errors of this plugin's routes: size failures become the translated 413 naming the limit, then the
  // app's error handler answers them as usual.
  app.setErrorHandler((err: FastifyError, _req, _reply) => {
    if (!(err instanceof AppError) && isTooLarge(err)) throw files.tooLarge(err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'data' : 'file');
    throw err;
  });

  // Every stored file: a sandbox CSP (no script runs, no same-origin access, even if a browser renders it as a page).
  const cacheHeaders = (reply: FastifyReply, etag: string, isPrivate = false) => reply
    .header('cache-control', isPrivate ? 'private, max-age=3600' : 'public, max-age=31536000, immutable')
    .header('etag', etag)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; plugin-types application/pdf")
    .header('cross-origin-resource-policy', 'same-origin');

  /** Private files: signed-in staff (role <= 3, bearer token) or a valid signed URL; others 401/403. */
  async function checkAccess(req: FastifyRequest, id: string): Promise<boolean> {
    if (!files.isFileIdValid(id) || !(await files.isPrivate(id))) return false;
    const q = (req.query ?? {}) as { exp?: string; sig?: string };
    if (validFileSignature(secret(), id, q.exp, q.sig)) return true;
    if (!req.session) throw new AppError(401, 'error.unauthorized');
    if (req.session.role > BACK_OFFICE_MAX_ROLE) throw new AppError(403, 'error.forbidden');
    return true;
  }

  app.get('/files/:id', {
    config: { level: 'public' },
    schema: { tags, summary: 'A stored file\'s bytes (?name= sets the download file name; its extension is always the stored type\'s). The own company\'s stamp, signature and certificate files need a back-office session or the signed URL of the company answer', params: fileParams, querystring: fileQuery, response: { 404: errorBody } },
  }, async (req, reply) => {
    const id = req.params.id.toLowerCase();
    const etag = `"${id}"`;
    const isPrivate = await checkAccess(req, id);
    if (notModified(req.headers['if-none-match'], etag) && files.isFileIdValid(id)) {
      return cacheHeaders(reply, etag, isPrivate).status(304).send();
    }
    const f = await files.get(id);
    if (!f) throw notFound();
    const name = nameForType(cleanName(req.query.name), f.mime);
    const inline = files.isInlineMime(f.mime);
    return cacheHeaders(reply, etag, isPrivate)
      .header('content-type', f.mime)
      .header('content-length', f.bytes.length)
      .header('content-disposition', disposition(inline ? 'inline' : 'attachment', name || (inline ? '' : `${id.slice(0, 16)}.${EXT[f.mime] ?? 'bin'}`)))
      .send(f.bytes);
  });

  app.get('/files/:id/small', {
    config: { level: 'public' },
    schema: { tags, summary: 'The small image of a stored file (the original when there is none)', params: fileParams, querystring: fileQuery, response: { 404: errorBody } },
  }, async (req, reply) => {
    const id = req.params.id.toLowerCase();
    const etag = `"${id}-small"`;
    const isPrivate = await checkAccess(req, id);
    if (notModified(req.headers['if-none-match'], etag) && files.isFileIdValid(id)) {
      return cacheHeaders(reply, etag, isPrivate).status(304).send();
    }
    const f = await files.getSmall(id);
    if (!f) throw notFound();
    return cacheHeaders(reply, etag, isPrivate)
      .header('content-type', f.mime)
      .header('content-length', f.bytes.length)
      .header('content-disposition', files.isInlineMime(f.mime) ? 'inline' : 'attachment')
      .send(f.bytes);
  });

  app.post('/files/upload', {
    config: actionConfig('POST /api/files/upload'),
    // A data URL is a third larger than its file: the JSON body may be that much over the file limit.
    bodyLimit: Math.ceil((files.maxBytes * 4) / 3) + 64 * 1024,
    schema: {
      tags, summary: 'Upload one file: multipart (field "file", optional field "name") or JSON { data: dataURL, name }',
      body: uploadBody,
      response: { 200: uploadedFileSchema, ...errorResponses, 413: errorBody },
    },
  }, async (req) => {
    let bytes: Buffer | undefined;
    let name = '';
    let data: string | undefined;
    if (req.isMultipart()) {
      try {
        for await (const part of req.parts()) {
          if (part.type === 'file') {
            if (bytes) { part.file.resume(); continue; }
            bytes = await part.toBuffer();
            if (!name) name = part.filename ?? '';
          } else if (part.fieldname === 'name' && typeof part.value === 'string') {
            name = part.value;
          }
        }
      } catch (err) {
        const e = err as FastifyError;
        if (isTooLarge(e)) throw files.tooLarge('file');
        throw new AppError(400, 'file.invalidData', { file: 'file.invalidData' });
      }
      if (!bytes) throw new AppError(400, 'file.required', { file: 'file.required' });
    } else {
      data = req.body?.data;
      name = req.body?.name ?? '';
    }
    if (!bytes && (data === undefined || data === '')) throw new AppError(400, 'file.required', { data: 'file.required' });
    if (!bytes && !data!.startsWith('data:')) throw new AppError(400, 'file.invalidData', { data: 'file.invalidData' });
    const stored = await files.upload(bytes, data);
    return { url: stored.url, smallUrl: stored.smallUrl, id: stored.id, mime: stored.mime, size: stored.size, name: cleanName(name) };
  });
};
