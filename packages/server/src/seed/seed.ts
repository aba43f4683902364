import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { companyInputSchema } from '@isik/domain';
import type { Db } from '../db/database.js';
import { appSettings, companies, users } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import { hashPassword } from '../lib/passwords.js';
import { DEMO_PASSWORD, makeCompany, makeUser } from './factory.js';
import { seedCatalogue } from '../modules/catalogue/catalogue-seed.js';
import { seedRates } from '../modules/rates/rates-seed.js';
import { seedMyCompany } from '../modules/mycompany/mycompany-seed.js';
import { seedDeliveries } from '../modules/deliveries/deliveries-seed.js';
import { seedBuyings } from '../modules/buying/buying-seed.js';
import { seedOffers } from '../modules/offers/offers-seed.js';
import { seedOrders } from '../modules/orders/orders-seed.js';

/** The token secret: JWT_SECRET when given, else one generated once and kept in the database. */
export async function ensureSecret(db: Db, configured: string): Promise<string> {
  if (configured) return configured;
  const fresh = randomBytes(32).toString('hex');
  await db.insert(appSettings).values({ key: 'jwt_secret', value: fresh }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'jwt_secret'));
  return row.value;
}

export interface AdminResult { email: string; password?: string; created: boolean }

/** Creates the first admin (role 0) on an empty user table; a generated password is answered once. */
export async function ensureAdmin(db: Db, email: string, password?: string): Promise<AdminResult> {
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (Number(n) > 0) return { email, created: false };
  const pw = password ?? randomBytes(9).toString('base64url');
  await db.insert(users).values({
    id: newId(), firstname: 'Sistem', lastname: 'Yöneticisi', email: email.toLowerCase(), role: 0,
    password_hash: await hashPassword(pw), permissions: {},
  }).onConflictDoNothing();
  return { email, password: password ? undefined : pw, created: true };
}

/** Demo data on an empty database: companies and a user of every role. */
export async function seedDemo(db: Db): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(companies);
  // The catalogue (models, products, materials with stock) seeds itself on an empty catalogue.
  const catalogue = await seedCatalogue(db);
  // Demo rates (DECISIONS 1), marked DEMO-…; on an empty rates table only.
  await seedRates(db);
  // The own company (record "1") seeds itself when it does not exist.
  await seedMyCompany(db);
  if (Number(n) > 0) return catalogue !== null;
  const companyIds: string[] = [];
  await db.transaction(async (tx) => {
    // 15 customers and 10 suppliers, each name once.
    const demoCompanies = [...Array.from({ length: 15 }, (_, i) => makeCompany(i, 'Customer')), ...Array.from({ length: 10 }, (_, i) => makeCompany(i, 'Suppliers'))];
    for (const c of demoCompanies) {
      const id = newId();
      companyIds.push(id);
      await tx.insert(companies).values({ id, ...companyInputSchema.parse(c) });
    }
    const demoHash = await hashPassword(DEMO_PASSWORD);
    for (let role = 1; role <= 7; role++) {
      const u = makeUser(role, role);
      await tx.insert(users).values({
        id: newId(), ...u, password_hash: demoHash,
        company_id: role >= 4 ? companyIds[role] : null,
      }).onConflictDoNothing();
    }
  });
  await seedDeliveries(db);
  await seedBuyings(db);
  await seedOffers(db);
  await seedOrders(db);
  return true;
}
