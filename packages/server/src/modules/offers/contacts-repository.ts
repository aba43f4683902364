import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Contact } from '@isik/domain';
import type { Executor } from '../../db/database.js';
import { companies, contacts, offers } from '../../db/schema.js';
import { searchFolded } from '../catalogue/shared.js';

export type ContactRow = typeof contacts.$inferSelect;

export function toContact(r: ContactRow): Contact {
  return {
    _id: r.id, name: r.name, company: r.company, company_id: r.company_id, position: r.position, email: r.email, phone: r.phone,
    source: r.source, created_date: r.created_at.toISOString(), __v: r.version,
  };
}

const sameContact = (name: string, company: string): SQL => and(sql`lower(${contacts.name}) = lower(${name})`, sql`lower(${contacts.company}) = lower(${company})`)!;

/** The contact of this name at this company (case-insensitive), or null. */
export async function findSameContact(tx: Executor, name: string, company: string): Promise<ContactRow | null> {
  const [existing] = await tx.select().from(contacts).where(sameContact(name, company)).limit(1);
  return existing ?? null;
}

export async function findContactRow(db: Executor, id: string): Promise<ContactRow | null> {
  const [r] = await db.select().from(contacts).where(eq(contacts.id, id)).limit(1);
  return r ?? null;
}

/** The contact row under a row lock, or null. */
export async function lockContact(tx: Executor, id: string): Promise<ContactRow | null> {
  const [row] = await tx.select().from(contacts).where(eq(contacts.id, id)).for('update').limit(1);
  return row ?? null;
}

export interface ContactListArgs {
  page: number; pageSize: number; orderBy: 'name' | 'company' | 'date'; order: 'asc' | 'desc'; search?: string; companyId?: string;
}

/** A page of contacts and the count of every contact the filter matches. */
export async function listContacts(db: Executor, a: ContactListArgs): Promise<{ rows: Contact[]; total: number }> {
  const conds: SQL[] = [];
  if (a.search) conds.push(searchFolded(contacts.search_text, a.search));
  if (a.companyId) conds.push(eq(contacts.company_id, a.companyId));
  const where = conds.length ? and(...conds) : undefined;
  const dir = a.order === 'desc' ? desc : asc;
  const sorts = { name: [dir(sql`lower(${contacts.name})`)], company: [dir(sql`lower(${contacts.company})`), asc(sql`lower(${contacts.name})`)], date: [dir(contacts.created_at)] };
  const rows = await db.select().from(contacts).where(where).orderBy(...sorts[a.orderBy], asc(contacts.id)).limit(a.pageSize).offset((a.page - 1) * a.pageSize);
  const [{ n }] = await db.select({ n: count() }).from(contacts).where(where);
  return { rows: rows.map(toContact), total: Number(n) };
}

/** Inserts a contact; a name already at the company fails on contacts_name_company_uq (the caller answers it). */
export async function insertContact(tx: Executor, values: typeof contacts.$inferInsert): Promise<void> {
  await tx.insert(contacts).values(values);
}

/** Inserts a contact unless its name is already at the company; answers whether it was added. */
export async function insertContactIfNew(tx: Executor, values: typeof contacts.$inferInsert): Promise<boolean> {
  const res = await tx.insert(contacts).values(values).onConflictDoNothing().returning({ id: contacts.id });
  return res.length > 0;
}

/** Sets a contact's fields and bumps its version. */
export async function updateContact(tx: Executor, id: string, set: Partial<typeof contacts.$inferInsert>): Promise<void> {
  await tx.update(contacts).set({ ...set, updated_at: new Date(), version: sql`${contacts.version} + 1` }).where(eq(contacts.id, id));
}

export async function deleteContact(tx: Executor, id: string): Promise<void> {
  await tx.delete(contacts).where(eq(contacts.id, id));
}

const affected = (r: unknown): number => Number((r as { rowCount?: number; affectedRows?: number }).rowCount ?? (r as { affectedRows?: number }).affectedRows ?? 0);

/**
 * Fills the contacts from the offers' related persons and the companies' e-mails and phones (a statement each,
 * names already known skipped); answers how many were added.
 */
export async function importContacts(tx: Executor): Promise<number> {
  const fromOffers = await tx.execute(sql`
    insert into contacts (id, name, company, company_id, email, phone, source)
    select distinct on (lower(o.related_person), lower(o.firma_adi)) substr(md5(random()::text || o.id), 1, 24), o.related_person, o.firma_adi, o.firma_id, o.firma_eposta, o.buyer_phone, 'offer'
    from ${offers} o where length(trim(o.related_person)) >= 2
    order by lower(o.related_person), lower(o.firma_adi), o.teklif_tarihi desc
    on conflict do nothing`);
  const fromCompanies = await tx.execute(sql`
    insert into contacts (id, name, company, company_id, email, phone, source)
    select substr(md5(random()::text || c.id), 1, 24), c.company_name, c.company_name, c.id, c.company_email, coalesce(nullif(c.company_phone, ''), c.company_mobilephone), 'company'
    from ${companies} c where length(trim(c.company_name)) >= 2
    on conflict do nothing`);
  return affected(fromOffers) + affected(fromCompanies);
}
