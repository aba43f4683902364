import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Contact } from '@isik/domain';
import { z } from 'zod';
import type { contactInputSchema, contactUpdateSchema } from '@isik/domain';
import type { Db, Executor } from '../../db/database.js';
import { companies, contacts, offers } from '../../db/schema.js';
import { conflict, dbConstraint, dbErrorCode, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { recordChange, type Actor } from '../../lib/log.js';
import { searchFolded } from '../catalogue/shared.js';

type ContactData = z.output<typeof contactInputSchema>;
type ContactUpdate = z.output<typeof contactUpdateSchema>;
type ContactRow = typeof contacts.$inferSelect;

function toContact(r: ContactRow): Contact {
  return {
    _id: r.id, name: r.name, company: r.company, company_id: r.company_id, position: r.position, email: r.email, phone: r.phone,
    source: r.source, created_date: r.created_at.toISOString(), __v: r.version,
  };
}

const sameContact = (name: string, company: string): SQL => and(sql`lower(${contacts.name}) = lower(${name})`, sql`lower(${contacts.company}) = lower(${company})`)!;

function taken(err: unknown): never {
  if (dbErrorCode(err) === '23505' && dbConstraint(err) === 'contacts_name_company_uq') throw conflict('contact.taken', { name: 'contact.taken' });
  throw err;
}

/**
 * A saved offer's contact (related person with the offer's e-mail and phone) joins the contacts when it is new for
 * that company; a known one gets a missing e-mail or phone filled in. Nothing else of a known contact changes.
 */
export async function upsertContactFromOffer(tx: Executor, actor: Actor, o: { related_person: string; firma_adi: string; firma_id: string | null; firma_eposta: string; buyer_phone: string }, log: boolean): Promise<void> {
  const name = o.related_person.trim();
  if (name.length < 2) return;
  const [existing] = await tx.select().from(contacts).where(sameContact(name, o.firma_adi)).limit(1);
  if (existing) {
    const email = existing.email || o.firma_eposta;
    const phone = existing.phone || o.buyer_phone;
    if (email !== existing.email || phone !== existing.phone) {
      await tx.update(contacts).set({ email, phone, updated_at: new Date(), version: sql`${contacts.version} + 1` }).where(eq(contacts.id, existing.id));
      if (log) await recordChange(tx, actor, { title: 'log.contact.updated', description: `${name} (${o.firma_adi})`, form: 'contacts', operation_id: existing.id }, { entity: 'contacts', id: existing.id, action: 'updated' });
    }
    return;
  }
  const id = newId();
  const res = await tx.insert(contacts).values({ id, name, company: o.firma_adi, company_id: o.firma_id, email: o.firma_eposta, phone: o.buyer_phone, source: 'offer' })
    .onConflictDoNothing().returning({ id: contacts.id });
  if (res.length && log) await recordChange(tx, actor, { title: 'log.contact.created', description: `${name} (${o.firma_adi})`, form: 'contacts', operation_id: id }, { entity: 'contacts', id, action: 'created' });
}

export function createContactsService(deps: { db: Db }) {
  const { db } = deps;
  async function get(id: string) {
    const [r] = await db.select().from(contacts).where(eq(contacts.id, id)).limit(1);
    if (!r) throw notFound();
    return toContact(r);
  }
  return {
    get,
    async list(a: { page: number; pageSize: number; orderBy: 'name' | 'company' | 'date'; order: 'asc' | 'desc'; search?: string; companyId?: string }) {
      const conds: SQL[] = [];
      if (a.search) conds.push(searchFolded(contacts.search_text, a.search));
      if (a.companyId) conds.push(eq(contacts.company_id, a.companyId));
      const where = conds.length ? and(...conds) : undefined;
      const dir = a.order === 'desc' ? desc : asc;
      const sorts = { name: [dir(sql`lower(${contacts.name})`)], company: [dir(sql`lower(${contacts.company})`), asc(sql`lower(${contacts.name})`)], date: [dir(contacts.created_at)] };
      const rows = await db.select().from(contacts).where(where).orderBy(...sorts[a.orderBy], asc(contacts.id)).limit(a.pageSize).offset((a.page - 1) * a.pageSize);
      const [{ n }] = await db.select({ n: count() }).from(contacts).where(where);
      return { contacts: rows.map(toContact), page: a.page, totalPage: Math.max(1, Math.ceil(Number(n) / a.pageSize)), totalItemCount: Number(n) };
    },
    async create(actor: Actor, d: ContactData) {
      const id = newId();
      await db.transaction(async (tx) => {
        await tx.insert(contacts).values({ id, name: d.name, company: d.company ?? '', company_id: d.company_id ?? null, position: d.position ?? '', email: d.email ?? '', phone: d.phone ?? '', source: 'manual' }).catch(taken);
        await recordChange(tx, actor, { title: 'log.contact.created', description: `${d.name} (${d.company ?? ''})`, form: 'contacts', operation_id: id }, { entity: 'contacts', id, action: 'created' });
      });
      return get(id);
    },
    async update(actor: Actor, id: string, d: ContactUpdate) {
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(contacts).where(eq(contacts.id, id)).for('update').limit(1);
        if (!row) throw notFound();
        if (d.__v !== undefined && d.__v !== row.version) throw conflict();
        const { __v: _v, ...fields } = d;
        void _v;
        const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
        await tx.update(contacts).set({ ...set, updated_at: new Date(), version: sql`${contacts.version} + 1` }).where(eq(contacts.id, id)).catch(taken);
        await recordChange(tx, actor, { title: 'log.contact.updated', description: `${d.name ?? row.name}`, form: 'contacts', operation_id: id }, { entity: 'contacts', id, action: 'updated' });
      });
      return get(id);
    },
    async remove(actor: Actor, id: string) {
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(contacts).where(eq(contacts.id, id)).for('update').limit(1);
        if (!row) throw notFound();
        await tx.delete(contacts).where(eq(contacts.id, id));
        await recordChange(tx, actor, { title: 'log.contact.deleted', description: `${row.name} (${row.company})`, form: 'contacts', operation_id: id }, { entity: 'contacts', id, action: 'deleted' });
      });
      return { status: 'ok' as const };
    },
    /** Fills the contacts from the offers' related persons and the companies' e-mails and phones; answers how many were added. */
    async importAll(actor: Actor) {
      const added = await db.transaction(async (tx) => {
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
        const n = Number((fromOffers as unknown as { rowCount?: number; affectedRows?: number }).rowCount ?? (fromOffers as unknown as { affectedRows?: number }).affectedRows ?? 0)
          + Number((fromCompanies as unknown as { rowCount?: number; affectedRows?: number }).rowCount ?? (fromCompanies as unknown as { affectedRows?: number }).affectedRows ?? 0);
        await recordChange(tx, actor, { title: 'log.contact.imported', description: `${n} kişi`, form: 'contacts' }, { entity: 'contacts', action: 'changed' });
        return n;
      });
      return { added };
    },
  };
}
export type ContactsService = ReturnType<typeof createContactsService>;
