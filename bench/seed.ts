// Bulk seeding for the benchmark: the factory's records in multi-row inserts, movements generated in SQL.
import { sql } from 'drizzle-orm';
import { materialInputSchema, modelInputSchema, productInputSchema } from '@isik/domain';
import type { Db } from '../packages/server/src/db/database.js';
import { materials, models, products } from '../packages/server/src/db/schema.js';
import { newId } from '../packages/server/src/lib/ids.js';
import { makeMaterial, makeModel, makeProduct } from '../packages/server/src/seed/factory.js';
import { materialColumns } from '../packages/server/src/modules/materials/materials-repository.js';
import { modelColumns } from '../packages/server/src/modules/models/models-repository.js';
import { modelCopies, productColumns } from '../packages/server/src/modules/products/products-repository.js';
import { recomputeStockSums } from '../packages/server/src/modules/stock/ledger-repository.js';
import { signedQtySql } from '../packages/server/src/modules/stock/stock-sign-sql.js';

export interface BenchSizes { products: number; materials: number; movements: number; models: number; hotShare: number }
export interface BenchData { materialIds: string[]; productIds: string[]; hotMaterial: string; hotMovements: number; timings: Record<string, number> }

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

export async function bulkSeed(db: Db, s: BenchSizes, log: (m: string) => void): Promise<BenchData> {
  const timings: Record<string, number> = {};
  let t0 = Date.now();

  const matRows = Array.from({ length: s.materials }, (_, i) => {
    const d = materialInputSchema.parse(makeMaterial(i));
    return { id: newId(), ...materialColumns(d), material_name: d.material_name, material_category: d.material_category, material_group: d.material_group, material_img: '' };
  });
  for (const c of chunks(matRows, 500)) await db.insert(materials).values(c);
  const matRefs = matRows.map((m) => ({ id: m.id, material_name: m.material_name, material_category: m.material_category, material_group: m.material_group, material_price: String(m.material_price ?? '0'), material_doviz: m.material_doviz ?? '$' }));
  timings.materials = Date.now() - t0;
  log(`  ${s.materials} materials in ${timings.materials} ms`);

  t0 = Date.now();
  const modelRows = Array.from({ length: s.models }, (_, i) => {
    const d = modelInputSchema.parse(makeModel(i, matRefs));
    return { id: newId(), ...modelColumns(d), model_adi_tr: d.model_adi[0], model_kodu: d.model_kodu, model_kategori: d.model_kategori };
  });
  await db.insert(models).values(modelRows);

  const productRows = Array.from({ length: s.products }, (_, i) => {
    const mi = i % s.models;
    const d = productInputSchema.parse(makeProduct(i, { id: modelRows[mi].id, index: mi }, matRefs));
    const m = modelRows[mi];
    return {
      id: newId(), ...productColumns(d), urun_adi_tr: d.urun_adi[0], model_id: d.urun_model,
      ...modelCopies({ model_kategori: m.model_kategori, model_sira: m.model_sira ?? 0, model_kodu: m.model_kodu, model_adi_tr: m.model_adi_tr }),
    };
  });
  for (const c of chunks(productRows, 250)) await db.insert(products).values(c);
  timings.products = Date.now() - t0;
  log(`  ${s.models} models and ${s.products} products in ${timings.products} ms`);

  // Movements: a share on one "hot" material (a ledger of 100k+ rows), the rest spread over all materials.
  t0 = Date.now();
  const hot = Math.floor(s.movements * s.hotShare);
  const batch = 50_000;
  for (let from = 1; from <= s.movements; from += batch) {
    const to = Math.min(s.movements, from + batch - 1);
    await db.execute(sql`
      with m as (
        select id, material_name, material_category, material_group, material_unit, material_price, material_doviz,
          (row_number() over (order by material_no, id) - 1)::int as rn
        from materials
      ), g as (
        select g, case when g <= ${hot}::int then 0 else g % ${s.materials}::int end as rn,
          case when g % 3 = 0 then 'cikis' else 'giris' end as t, (g % 5 + 1)::numeric as q
        from generate_series(${from}::int, ${to}::int) g
      )
      insert into material_movements (id, stock_id, stock_name, stock_category, stock_group, operation_date, operation_center, operation_type,
        qty, unit, description, price, doviz, sum_qty, sum_price, person)
      select substr(md5(g.g::text || 'bench'), 1, 24), m.id, m.material_name, m.material_category, m.material_group,
        timestamptz '2019-01-01 00:00:00+00' + g.g * interval '7 minutes',
        case when g.t = 'cikis' then 'uretim' else 'fatura' end, g.t, g.q, m.material_unit, 'bench', m.material_price, m.material_doviz,
        ${sql.raw(signedQtySql('g.t', 'g.q'))},
        round(${sql.raw(signedQtySql('g.t', 'g.q'))} * m.material_price, 2), 'bench'
      from g join m on m.rn = g.rn`);
  }
  timings.movements = Date.now() - t0;
  log(`  ${s.movements} movements in ${timings.movements} ms`);

  t0 = Date.now();
  await db.transaction((tx) => recomputeStockSums(tx));
  await db.execute(sql`analyze`);
  timings.balances = Date.now() - t0;
  log(`  balances and analyze in ${timings.balances} ms`);

  const [first] = (await db.execute(sql`select id from materials order by material_no, id limit 1`) as unknown as { rows: { id: string }[] }).rows;
  return { materialIds: matRows.map((m) => m.id), productIds: productRows.map((p) => p.id), hotMaterial: first.id, hotMovements: hot, timings };
}

/** Balances, and material hour buckets with their positions, that are not the signed sums of their movements (must be 0). */
export async function ledgerMismatches(db: Db): Promise<number> {
  const res = await db.execute(sql`
    with a as (
      select stock_id as o, date_trunc('hour', operation_date at time zone 'UTC') as h, sum(sum_qty) as s, count(*) as c from material_movements group by 1, 2
    ), p as (
      select o, h, s, c, coalesce(sum(c) over w, 0) as oc, coalesce(sum(s) over w, 0) as os from a
      window w as (partition by o order by h rows between unbounded preceding and 1 preceding)
    )
    select (select count(*) from materials o where o.stock_sum <> (select coalesce(sum(sum_qty), 0) from material_movements m where m.stock_id = o.id))
         + (select count(*) from products o where o.stock_sum <> (select coalesce(sum(sum_qty), 0) from product_movements m where m.product_id = o.id))
         + (select count(*) from p full join material_ledger_hours b on b.stock_id = p.o and b.hour = p.h
             where coalesce(p.s, 0) <> coalesce(b.sum_qty, 0) or coalesce(p.c, 0) <> coalesce(b.moves, 0)
               or coalesce(p.oc, -1) <> coalesce(b.older_moves, -1) or coalesce(p.os, -1) <> coalesce(b.older_qty, -1)) as n`);
  return Number((res as unknown as { rows: { n: string | number }[] }).rows[0].n);
}
