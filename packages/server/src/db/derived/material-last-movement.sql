-- Each material's newest movement (the stock report's slow movers, issue 26, ADR 0048): materials.last_movement_at is
-- max(operation_date) of its movements, null when it has none. Column: migration 0034. Source: material_movements.
-- Kept by: the ledger (modules/stock/ledger-repository.ts), in the writing transaction, in the same UPDATE of the
-- material that moves its balance (a new movement: the later of the two dates; a deleted or changed one: read again
-- from the movements); no trigger. Refill: material_last_movement_refill() (the first start after the migration,
-- recomputeStockSums after a bulk load, every restore in backup.ts).
-- Tests: modules/stock/last-movement.test.ts (the column against the movements after random ledger writes; fails when
-- the ledger does not keep it), modules/reports/reports.test.ts (slow movers), backup/backup.test.ts.
-- refill: SELECT material_last_movement_refill();

CREATE OR REPLACE FUNCTION material_last_movement_refill() RETURNS void LANGUAGE sql AS $$
  UPDATE materials m SET last_movement_at = x.at
  FROM (SELECT o.id, (SELECT max(mv.operation_date) FROM material_movements mv WHERE mv.stock_id = o.id) AS at FROM materials o) x
  WHERE x.id = m.id AND m.last_movement_at IS DISTINCT FROM x.at;
$$;
