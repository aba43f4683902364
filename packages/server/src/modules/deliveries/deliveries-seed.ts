import { and, asc, count, eq, gte, sql } from 'drizzle-orm';
import { deliveryInputSchema, type DeliveryInput } from '@isik/domain';
import type { Db } from '../../db/database.js';
import { companies, deliveries, materials, products, users } from '../../db/schema.js';
import { createDeliveryInTx } from './deliveries-service.js';

/**
 * Demo deliveries (DECISIONS 1): samples and warranty replacements for a few customers, mixed statuses.
 * Written through the same code as the API, so the ledger and the stock sums stay consistent.
 * Runs once, on a database without deliveries that has customers and stock.
 */
export async function seedDeliveries(db: Db): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(deliveries);
  if (Number(n) > 0) return 0;
  // Customers without users: the demo dealers' companies stay free of deliveries, so each delete guard can be shown on its own.
  const customers = await db.select({ id: companies.id }).from(companies)
    .where(and(eq(companies.company_category, 'Customer'), sql`not exists (select 1 from ${users} u where u.company_id = ${companies.id})`))
    .orderBy(asc(companies.company_name)).limit(4);
  const prods = await db.select({ id: products.id, price: products.urun_fiyat, doviz: products.urun_doviz }).from(products)
    .where(and(gte(products.stock_sum, '10'), eq(products.urun_durumu, true))).orderBy(asc(products.urun_sira), asc(products.id)).limit(4);
  const mats = await db.select({ id: materials.id, price: materials.material_price, doviz: materials.material_doviz }).from(materials)
    .where(gte(materials.stock_sum, '20')).orderBy(asc(materials.material_no), asc(materials.id)).limit(3);
  const [admin] = await db.select({ id: users.id, firstname: users.firstname, lastname: users.lastname, role: users.role }).from(users)
    .orderBy(asc(users.role), asc(users.created_at)).limit(1);
  if (customers.length < 3 || prods.length < 2 || mats.length < 2 || !admin) return 0;
  const actor = { id: admin.id, name: `${admin.firstname} ${admin.lastname}`.trim(), role: admin.role };

  const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString();
  const [c1, c2, c3, c4 = c1] = customers.map((c) => c.id);
  const plan: DeliveryInput[] = [
    { company_id: c1, component_type: 'product', product_id: prods[0].id, qty: 2, price: prods[0].price, doviz: prods[0].doviz, status: 2, statusdescription: 3, receiver: 'Ahmet Yılmaz', description: 'Saha denemesi için numune', date: day(40) },
    { company_id: c1, component_type: 'material', product_id: mats[0].id, qty: 5, price: mats[0].price, doviz: mats[0].doviz, status: 0, receiver: 'Ahmet Yılmaz', description: 'Montaj için yedek malzeme', date: day(12) },
    { company_id: c2, component_type: 'product', product_id: prods[1].id, qty: 1, price: prods[1].price, doviz: prods[1].doviz, status: 2, statusdescription: 4, receiver: 'Elif Demir', description: 'Garanti kapsamında değişim', date: day(30) },
    { company_id: c2, component_type: 'default', productname: 'Sürücü kartı onarımı', qty: 3, price: 0, doviz: '$', status: 1, statusdescription: 4, receiver: 'Elif Demir', description: 'Garanti onarımı, ücretsiz', date: day(20) },
    { company_id: c3, component_type: 'product', product_id: prods[Math.min(2, prods.length - 1)].id, qty: 2, price: prods[Math.min(2, prods.length - 1)].price, doviz: prods[Math.min(2, prods.length - 1)].doviz, status: 1, statusdescription: 1, receiver: 'Mehmet Kaya', description: 'Fuar numunesi', date: day(8) },
    { company_id: c3, component_type: 'material', product_id: mats[1].id, qty: 4, price: mats[1].price, doviz: mats[1].doviz, status: 2, statusdescription: 2, receiver: 'Mehmet Kaya', date: day(5) },
    { company_id: c4, component_type: 'product', product_id: prods[0].id, qty: 1, price: prods[0].price, doviz: prods[0].doviz, status: 0, receiver: 'Zeynep Arslan', description: 'Arızalı ürün yerine gönderildi', date: day(2) },
  ];
  let made = 0;
  await db.transaction(async (tx) => {
    for (const p of plan) {
      await createDeliveryInTx(tx, actor, deliveryInputSchema.parse(p), { log: false });
      made++;
    }
  });
  // Closed demo deliveries carry a modification stamp, as if someone had closed them.
  await db.update(deliveries).set({ modified_date: sql`${deliveries.date} + interval '1 day'`, modified_user: actor.name }).where(gte(deliveries.status, 1));
  return made;
}
