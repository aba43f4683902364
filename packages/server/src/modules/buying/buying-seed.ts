import { asc, count, eq } from 'drizzle-orm';
import { buyingInputSchema, type BuyingInput } from '@isik/domain';
import type { Db } from '../../db/database.js';
import { buyings, companies, materials, users } from '../../db/schema.js';
import { createBuyingInTx } from './buying-service.js';

/**
 * Demo purchase requests (DECISIONS 1): every status, suppliers and currencies mixed, written through the same
 * code as the API, so the completed ones have put their material into stock through the ledger. Runs once, on a
 * database without purchase requests that has suppliers and materials.
 */
export async function seedBuyings(db: Db): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(buyings);
  if (Number(n) > 0) return 0;
  const suppliers = await db.select({ id: companies.id }).from(companies).where(eq(companies.company_category, 'Suppliers')).orderBy(asc(companies.company_name)).limit(4);
  const mats = await db.select({ id: materials.id, price: materials.material_price, doviz: materials.material_doviz }).from(materials)
    .orderBy(asc(materials.material_no), asc(materials.id)).limit(8);
  const [admin] = await db.select({ id: users.id, firstname: users.firstname, lastname: users.lastname, role: users.role }).from(users)
    .orderBy(asc(users.role), asc(users.created_at)).limit(1);
  if (suppliers.length < 2 || mats.length < 4 || !admin) return 0;
  const actor = { id: admin.id, name: `${admin.firstname} ${admin.lastname}`.trim(), role: admin.role };
  const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString();
  const s = (i: number) => suppliers[i % suppliers.length].id;
  const m = (i: number) => mats[i % mats.length];
  const plan: BuyingInput[] = [
    { material_id: m(0).id, material_qty: 500, tedarikci_id: s(0), siparis_notu: 'Haftalık üretim için', talep_tarihi: day(2) },
    { material_id: m(1).id, material_qty: 120, satinalma_durumu: 0, related_person: 'Üretim Planlama', siparis_notu: 'Bileşen listesi: eksik malzeme', talep_tarihi: day(1) },
    { material_id: m(2).id, material_qty: 40, material_price: '3.75', material_doviz: '€', tedarikci_id: s(1), talep_tarihi: day(4) },
    { material_id: m(3).id, material_qty: 1000, tedarikci_id: s(2), satinalma_durumu: 1, siparis_no: 'SA-2026-014', siparis_tarihi: day(6), talep_tarihi: day(9) },
    { material_id: m(4).id, material_qty: 25, material_price: '1250', material_doviz: '₺', tedarikci_id: s(3), satinalma_durumu: 1, siparis_no: 'SA-2026-015', siparis_tarihi: day(5), talep_tarihi: day(7) },
    { material_id: m(5).id, material_qty: 300, tedarikci_id: s(0), satinalma_durumu: 2, siparis_no: 'SA-2026-011', siparis_notu: 'Giriş kalite kontrolünde', siparis_tarihi: day(14), talep_tarihi: day(18) },
    { material_id: m(6).id, material_qty: 200, tedarikci_id: s(1), satinalma_durumu: 3, siparis_no: 'SA-2026-007', siparis_tarihi: day(25), teslim_tarihi: day(12), talep_tarihi: day(30) },
    { material_id: m(7).id, material_qty: 60, material_price: '0.8', material_doviz: '€', tedarikci_id: s(2), satinalma_durumu: 3, siparis_no: 'SA-2026-009', siparis_tarihi: day(20), teslim_tarihi: day(8), talep_tarihi: day(22) },
    { material_id: m(0).id, material_qty: 50, tedarikci_id: s(3), satinalma_durumu: 4, siparis_notu: 'Tedarikçi fiyatı yüksek bulundu', talep_tarihi: day(16) },
  ];
  let made = 0;
  await db.transaction(async (tx) => {
    for (const p of plan) {
      await createBuyingInTx(tx, actor, buyingInputSchema.parse(p), { log: false });
      made++;
    }
  });
  return made;
}
