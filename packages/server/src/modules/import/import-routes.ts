import multipart from '@fastify/multipart';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actionConfig, hasModulePermission, IMPORT_MAX_BYTES, type ImportKind, type Module, importCommitSchema, importKindParams, importPreviewSchema, importResultSchema } from '@isik/domain';
import { AppError } from '../../lib/errors.js';
import { errorBody, errorResponses } from '../../lib/http.js';
import { requireSession } from '../../plugins/auth.js';
import { requestLang } from '../../plugins/errors.js';
import type { ImportService } from './import-service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const tooLarge = () => new AppError(413, 'import.file.tooLarge', { file: 'import.file.tooLarge' }, { mb: IMPORT_MAX_BYTES / 1024 / 1024 });
const isTooLarge = (err: FastifyError) => err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.statusCode === 413;

/** The permission-grid module whose write right an import of the kind needs (as the kind's own create form). */
const MODULE_OF: Record<ImportKind, Module> = { companies: 'companies', materials: 'catalogue', products: 'catalogue' };
function requireWrite(session: { permissions?: Parameters<typeof hasModulePermission>[0] }, kind: ImportKind) {
  if (!hasModulePermission(session.permissions, MODULE_OF[kind], 'write')) throw new AppError(403, 'error.modulePermission');
}

/** Import from Excel (issue 26): the template, the preview of a file, the commit of a preview. */
export const importRoutes: FastifyPluginAsyncZod<{ imports: ImportService }> = async (app, { imports }) => {
  const tags = ['import'];
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 10 } });
  app.setErrorHandler((err: FastifyError) => {
    if (!(err instanceof AppError) && isTooLarge(err)) throw tooLarge();
    throw err;
  });

  app.get('/import/:kind/template', {
    config: actionConfig('GET /api/import/:kind/template'),
    schema: { tags, summary: 'The .xlsx template of a kind: its columns in the caller\'s language and an example row', params: importKindParams, response: { 200: z.any().describe(XLSX), ...errorResponses } },
  }, async (req, reply) => {
    const { kind } = req.params;
    const bytes = await imports.template(kind, requestLang(req));
    return reply.type(XLSX).header('content-disposition', `attachment; filename="import-${kind}.xlsx"`).send(bytes);
  });

  app.post('/import/:kind/preview', {
    config: actionConfig('POST /api/import/:kind/preview'),
    bodyLimit: IMPORT_MAX_BYTES + 64 * 1024,
    schema: {
      tags, summary: 'Checks a file (multipart field "file", .xlsx or .csv, up to 10,000 rows): every row with its errors and a preview id; writes nothing',
      params: importKindParams, response: { 200: importPreviewSchema, ...errorResponses, 413: errorBody },
    },
  }, async (req) => {
    const session = requireSession(req);
    requireWrite(session, req.params.kind);
    if (!req.isMultipart()) throw new AppError(400, 'import.file.required', { file: 'import.file.required' });
    let bytes: Buffer | undefined;
    let name = '';
    try {
      for await (const part of req.parts()) {
        if (part.type !== 'file') continue;
        if (bytes) { part.file.resume(); continue; }
        bytes = await part.toBuffer();
        name = part.filename ?? '';
      }
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (isTooLarge(err as FastifyError)) throw tooLarge();
      throw new AppError(400, 'import.file.unreadable', { file: 'import.file.unreadable' });
    }
    if (!bytes || bytes.length === 0) throw new AppError(400, 'import.file.required', { file: 'import.file.required' });
    return imports.preview(session, req.params.kind, { bytes, name }, requestLang(req));
  });

  app.post('/import/:kind/commit', {
    config: actionConfig('POST /api/import/:kind/commit'),
    schema: {
      tags, summary: 'Writes a preview in one transaction: every row, or with validOnly only the rows without errors; a row whose code is stored updates it',
      params: importKindParams, body: importCommitSchema, response: { 200: importResultSchema, ...errorResponses },
    },
  }, async (req) => {
    const session = requireSession(req);
    requireWrite(session, req.params.kind);
    return imports.commit(session, req.params.kind, req.body);
  });
};
