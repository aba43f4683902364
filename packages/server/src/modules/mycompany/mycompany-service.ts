import {
  MY_COMPANY_ID, MY_COMPANY_IMAGE_FIELDS, UPLOAD_IMAGE_MIMES, myCompanyInputSchema, myCompanyUpdateSchema,
  type MyCompanyImageField,
} from '@isik/domain';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/database.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { recordChange } from '../../lib/log.js';
import { signFileUrl } from '../../lib/file-signature.js';
import { verifyTrackingToken } from '../../lib/tracking-token.js';
import type { SessionContext } from '../../plugins/auth.js';
import type { FilesService } from '../files/files-service.js';
import {
  findMyCompany, insertMyCompany, toPublic, toTracking, updateMyCompany,
  type BankAccount, type Certificate, type MyCompanyColumns, type QcQuestion,
} from './mycompany-repository.js';
import { isStale } from '../../lib/version.js';

type Input = z.output<typeof myCompanyInputSchema>;
type UpdateInput = z.output<typeof myCompanyUpdateSchema>;

/** Certificate files may be images or PDFs (not the office/ZIP types the file store also takes). */
const CERTIFICATE_MIMES = new Set<string>([...UPLOAD_IMAGE_MIMES, 'application/pdf']);

export interface MyCompanyDeps {
  db: Db;
  files: FilesService;
  /** The server's token secret (read when needed: main resolves it before the first request). */
  secret: () => string;
}

/** The own company (spec 000 2.6, DECISIONS 1): the single record with _id "1". */
export function createMyCompanyService({ db, files, secret }: MyCompanyDeps) {
  /** Stores a certificate file (data URL) or checks a stored URL; only images and PDFs. */
  async function certificateFile(tx: Executor, value: string, field: string): Promise<string> {
    const stored = await files.ingestFile(tx, value, field);
    if (!stored) return '';
    if (!CERTIFICATE_MIMES.has(stored.mime)) throw new AppError(400, 'mycompany.certificate.fileType', { [field]: 'mycompany.certificate.fileType' });
    return stored.url;
  }

  /** Every file of a body stored (data URLs) or checked (stored URLs); answers the columns to write. */
  async function columnsOf(tx: Executor, data: Partial<Input>) {
    const out: MyCompanyColumns = {};
    const { QCQuestions, certificates, banks, ...rest } = data;
    for (const [k, v] of Object.entries(rest)) {
      if (v === undefined) continue;
      if ((MY_COMPANY_IMAGE_FIELDS as readonly string[]).includes(k)) {
        out[k as MyCompanyImageField] = await files.ingest(tx, v as string, k, { kind: 'image' });
      } else {
        (out as Record<string, unknown>)[k] = v;
      }
    }
    if (QCQuestions) out.qc_questions = QCQuestions.map((q): QcQuestion => ({ no: q.no, Question: q.Question }));
    if (certificates) {
      const list: Certificate[] = [];
      for (const [i, c] of certificates.entries()) {
        list.push({
          certificate: c.certificate,
          file: await certificateFile(tx, c.file, `certificates.${i}.file`),
          bwfile: await certificateFile(tx, c.bwfile, `certificates.${i}.bwfile`),
        });
      }
      out.certificates = list;
    }
    if (banks) out.banks = banks.map((b): BankAccount => ({ bank: b.bank, branch: b.branch, iban: b.iban, currency: b.currency }));
    return out;
  }

  /**
   * The staff's answer: the stamp, signature and certificate files are served only to signed-in staff, so their
   * URLs here are signed (they work without the bearer token, which an <img> cannot send, until they expire).
   */
  function withSignedFiles<T extends { sirket_kase: string; sirket_kaseimza: string; certificates: Certificate[] }>(c: T): T {
    const sign = (url: string) => (url ? signFileUrl(secret(), url) : url);
    return {
      ...c,
      sirket_kase: sign(c.sirket_kase),
      sirket_kaseimza: sign(c.sirket_kaseimza),
      certificates: c.certificates.map((x) => ({ ...x, file: sign(x.file), bwfile: sign(x.bwfile) })),
    };
  }

  return {
    async get(id: string) {
      const c = id === MY_COMPANY_ID ? await findMyCompany(db) : null;
      if (!c) throw notFound();
      return withSignedFiles(c);
    },

    /** The order-tracking variant: only with the tracking token of the two ids, and only what a customer may see. */
    async getForTracking(id: string, offerId: string, companyId: string, token: string) {
      if (id !== MY_COMPANY_ID || !verifyTrackingToken(secret(), offerId, companyId, token)) throw notFound();
      const c = await findMyCompany(db);
      if (!c) throw notFound();
      return toTracking(c);
    },

    async getPublic() {
      const c = await findMyCompany(db);
      if (!c) throw notFound();
      return toPublic(c);
    },

    async create(caller: SessionContext, data: Input) {
      // Files are checked, hashed and resized before the transaction; inside it they are only inserted.
      await files.prepared(data, () => db.transaction(async (tx) => {
        if (await findMyCompany(tx)) throw conflict('mycompany.exists');
        const cols = await columnsOf(tx, data);
        // A concurrent create loses on the primary key: answered 409 by the error handler.
        await insertMyCompany(tx, { ...cols, id: MY_COMPANY_ID, sirket_adi: data.sirket_adi, sirket_ulke: data.sirket_ulke });
        await recordChange(tx, caller, { title: 'log.mycompany.created', description: data.sirket_adi, form: 'mycompany', operation_id: MY_COMPANY_ID }, { entity: 'mycompany', id: MY_COMPANY_ID, action: 'created' });
      }));
      return withSignedFiles((await findMyCompany(db))!);
    },

    async update(caller: SessionContext, id: string, data: UpdateInput) {
      if (id !== MY_COMPANY_ID) throw notFound();
      const { __v, ...fields } = data;
      // Files are checked, hashed and resized before the transaction; inside it they are only inserted.
      await files.prepared(fields, () => db.transaction(async (tx) => {
        const current = await findMyCompany(tx);
        if (!current) throw notFound();
        if (isStale(current.__v, __v)) throw conflict();
        const cols = await columnsOf(tx, fields);
        if (!(await updateMyCompany(tx, cols, __v))) throw conflict();
        await recordChange(tx, caller, { title: 'log.mycompany.updated', description: cols.sirket_adi ?? current.sirket_adi, form: 'mycompany', operation_id: MY_COMPANY_ID }, { entity: 'mycompany', id: MY_COMPANY_ID, action: 'updated' });
      }));
      return withSignedFiles((await findMyCompany(db))!);
    },
  };
}
export type MyCompanyService = ReturnType<typeof createMyCompanyService>;
