import { and, eq, or, sql } from 'drizzle-orm';
import { MY_COMPANY_ID, type MyCompany, type MyCompanyDocument, type MyCompanyTracking, type PublicCompany } from '@isik/domain';
import type { Executor } from '../../db/database.js';
import { myCompany } from '../../db/schema.js';
import { versionIs } from '../../lib/version.js';

export type { BankAccount, Certificate, QcQuestion } from '../../db/schema.js';

export type MyCompanyRow = typeof myCompany.$inferSelect;
/** The columns a body sets. */
export type MyCompanyColumns = Partial<typeof myCompany.$inferInsert>;

/** The stored row in the contract's field names (spec 000 3 MyCompany). */
export function toMyCompany(r: MyCompanyRow): MyCompany {
  const { id, qc_questions, certificates, banks, created_at, updated_at: _u, version, ...rest } = r;
  return {
    _id: id,
    ...rest,
    QCQuestions: qc_questions.map((q) => ({ no: q.no, Question: q.Question })),
    certificates: certificates.map((c) => ({ certificate: c.certificate, file: c.file, bwfile: c.bwfile })),
    banks: banks.map((b) => ({ bank: b.bank, branch: b.branch, iban: b.iban, currency: b.currency })),
    date: created_at.toISOString(),
    __v: version,
  };
}

/** What documents read of the own company: the answer for roles below the settings screen. */
export function toDocument(c: MyCompany): MyCompanyDocument {
  return {
    _id: c._id, sirket_adi: c.sirket_adi, sirket_adres: c.sirket_adres, sirket_ilce: c.sirket_ilce, sirket_il: c.sirket_il,
    sirket_ulke: c.sirket_ulke, sirket_pk: c.sirket_pk, sirket_email: c.sirket_email, sirket_web: c.sirket_web,
    sirket_tel: c.sirket_tel, sirket_fax: c.sirket_fax, sirket_rapor_logo: c.sirket_rapor_logo, bwlogo: c.bwlogo,
    sirket_kase: c.sirket_kase, sirket_kaseimza: c.sirket_kaseimza,
    certificates: c.certificates.map((x) => ({ certificate: x.certificate, file: x.file, bwfile: x.bwfile })),
    // The offer PDF prints the bank accounts.
    banks: c.banks.map((b) => ({ bank: b.bank, branch: b.branch, iban: b.iban, currency: b.currency })),
  };
}

/** What a customer on the order-tracking page may see: name, address, contact and logo. */
export function toTracking(c: MyCompany): MyCompanyTracking {
  return {
    _id: c._id, sirket_adi: c.sirket_adi, sirket_adres: c.sirket_adres, sirket_ilce: c.sirket_ilce, sirket_il: c.sirket_il,
    sirket_ulke: c.sirket_ulke, sirket_pk: c.sirket_pk, sirket_tel: c.sirket_tel, sirket_fax: c.sirket_fax,
    sirket_email: c.sirket_email, sirket_web: c.sirket_web, sirket_rapor_logo: c.sirket_rapor_logo,
  };
}

/** The public catalogue's view. */
export function toPublic(c: MyCompany): PublicCompany {
  return {
    sirket_adi: c.sirket_adi, sirket_adres: c.sirket_adres, sirket_ilce: c.sirket_ilce, sirket_il: c.sirket_il,
    sirket_ulke: c.sirket_ulke, sirket_tel: c.sirket_tel, sirket_email: c.sirket_email, sirket_web: c.sirket_web,
    logo: c.sirket_rapor_logo,
  };
}

export async function findMyCompany(db: Executor): Promise<MyCompany | null> {
  const [r] = await db.select().from(myCompany).where(eq(myCompany.id, MY_COMPANY_ID)).limit(1);
  return r ? toMyCompany(r) : null;
}

/** Whether the own company's stamp, signature or certificates name this file id (its private files, ADR 0012). */
export async function myCompanyHoldsFile(db: Executor, fileId: string): Promise<boolean> {
  const like = `%${fileId}%`;
  const [row] = await db.select({ id: myCompany.id }).from(myCompany)
    .where(or(sql`${myCompany.sirket_kase} like ${like}`, sql`${myCompany.sirket_kaseimza} like ${like}`, sql`${myCompany.certificates}::text like ${like}`))
    .limit(1);
  return Boolean(row);
}

/** Inserts the one company row (a concurrent create loses on the primary key). */
export async function insertMyCompany(tx: Executor, values: typeof myCompany.$inferInsert): Promise<void> {
  await tx.insert(myCompany).values(values);
}

/** Updates the one company row at the sent version (any when absent); answers whether it changed. */
export async function updateMyCompany(tx: Executor, cols: MyCompanyColumns, v: number | undefined): Promise<boolean> {
  const res = await tx.update(myCompany).set({ ...cols, updated_at: new Date(), version: sql`${myCompany.version} + 1` })
    .where(and(eq(myCompany.id, MY_COMPANY_ID), versionIs(myCompany.version, v))).returning({ id: myCompany.id });
  return res.length > 0;
}
