import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
// DECISIONS 3: the demo's offers take today's rates (a model's earlier 18 becomes the default 20).
import { OFFER_DEFAULT_VAT, OFFER_VAT_CHOICES, offerInputSchema, productCodeParts } from '@isik/domain';
import type { Db } from '../../db/database.js';
import { companies, materials, models, offers, products, users } from '../../db/schema.js';
import { createOfferInTx } from './offers-service.js';
import { makeOfferInput, type OfferFactoryPool } from './offers-factory.js';
import { latestRates } from './offers-repository.js';

/** The pool of demo rows offers pick from. */
export async function offerPool(db: Db): Promise<OfferFactoryPool | null> {
  const prods = await db.select({ id: products.id, name: products.urun_adi_tr, code: products.urun_kodu, model_code: products.model_code, urun_optik: products.urun_optik, urun_cct: products.urun_cct, urun_panel: products.urun_panel, urun_aku: products.urun_aku, price: products.urun_fiyat, currency: products.urun_doviz, vat: models.model_kdv })
    .from(products).innerJoin(models, eq(models.id, products.model_id)).where(eq(products.urun_durumu, true)).orderBy(asc(products.urun_sira), asc(products.id)).limit(30);
  const mats = await db.select({ id: materials.id, name: materials.material_name, unit: materials.material_unit, price: materials.material_price, currency: materials.material_doviz })
    .from(materials).orderBy(asc(materials.material_no), asc(materials.id)).limit(10);
  const comps = await db.select({ id: companies.id, name: companies.company_name, email: companies.company_email, city: companies.company_city, country: companies.company_country })
        // Customers without users: the demo dealers' companies stay free of offers, so each delete guard can be shown on its own.
    .from(companies).where(and(eq(companies.company_category, 'Customer'), sql`not exists (select 1 from ${users} u where u.company_id = ${companies.id})`))
    .orderBy(asc(companies.company_name)).limit(15);
  const rates = await latestRates(db);
  if (!prods.length || !comps.length || !rates.usd || !rates.eur) return null;
  return { products: prods.map((p) => ({ id: p.id, name: p.name, code: productCodeParts(p), price: p.price, currency: p.currency, vat: OFFER_VAT_CHOICES.includes(Number(p.vat)) ? Number(p.vat) : OFFER_DEFAULT_VAT })), materials: mats, companies: comps, rates: { usd: rates.usd, eur: rates.eur } };
}

/**
 * Demo offers (DECISIONS 1: offers in every status): 16 offers with 2-5 items through the same code as the API
 * (numbers, totals, contacts). Statuses 2 and 3 are the server's (from order lines); the seed sets them directly.
 * Runs once, on a database without office offers.
 */
export async function seedOffers(db: Db): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(offers).where(eq(offers.source, 'office'));
  if (Number(n) > 0) return 0;
  const pool = await offerPool(db);
  const [admin] = await db.select({ id: users.id, firstname: users.firstname, lastname: users.lastname, role: users.role }).from(users).orderBy(asc(users.role), asc(users.created_at)).limit(1);
  if (!pool || !admin) return 0;
  const actor = { id: admin.id, name: `${admin.firstname} ${admin.lastname}`.trim(), role: admin.role };
  // status per offer: 0 offers, 1 orders, 2 completed, 3 delivered, 4 cancelled
  const plan = [0, 0, 1, 0, 2, 1, 0, 3, 4, 0, 1, 0, 3, 2, 0, 4];
  let made = 0;
  await db.transaction(async (tx) => {
    for (let i = 0; i < plan.length; i++) {
      const target = plan[i];
      const body = offerInputSchema.parse({
        ...makeOfferInput(i, pool, { status: target === 0 ? 0 : 1, registered: target !== 0 ? true : undefined }),
        teklif_tarihi: new Date(Date.now() - (plan.length - i) * 3 * 86_400_000).toISOString(),
      });
      const id = await createOfferInTx(tx, actor, body, { log: false });
      // Orders were placed a few days after their offer; 2 and 3 stand for orders the production finished or delivered.
      if (target > 0) await tx.update(offers).set({ siparis_tarihi: sql`${offers.teklif_tarihi} + interval '3 days'` }).where(eq(offers.id, id));
      if (target > 1) await tx.update(offers).set({ teklif_durumu: target }).where(and(eq(offers.id, id), isNotNull(offers.firma_id)));
      made++;
    }
  });
  return made;
}
