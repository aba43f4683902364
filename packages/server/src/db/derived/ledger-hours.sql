-- The ledger's hour buckets with positions (ADR 0033): per owner and hour the movements' count and sum, and the count
-- and sum of the owner's movements in earlier hours. Tables: material_ledger_hours, product_ledger_hours (migration 0020).
-- Source: material_movements, product_movements. Kept by: the ledger (modules/stock/ledger-repository.ts), under the owner's row
-- lock, in the writing transaction; no trigger. Refill: ledger_buckets_refill() (after a bulk load, recomputeStockSums,
-- and backup.ts DERIVED_TABLES). Tests: modules/stock/stock.test.ts (every bucket equal to its movements), backup/backup.test.ts.
-- refill: SELECT ledger_buckets_refill();

CREATE OR REPLACE FUNCTION ledger_buckets_refill() RETURNS void LANGUAGE sql AS $$
  DELETE FROM material_ledger_hours;
  INSERT INTO material_ledger_hours (stock_id, hour, sum_qty, moves, older_moves, older_qty)
    SELECT stock_id, hour, s, c, coalesce(sum(c) OVER w, 0)::int, coalesce(sum(s) OVER w, 0)
    FROM (SELECT stock_id, date_trunc('hour', operation_date AT TIME ZONE 'UTC') AS hour, sum(sum_qty) AS s, count(*)::int AS c
          FROM material_movements GROUP BY 1, 2) b
    WINDOW w AS (PARTITION BY stock_id ORDER BY hour ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING);
  DELETE FROM product_ledger_hours;
  INSERT INTO product_ledger_hours (product_id, hour, sum_qty, moves, older_moves, older_qty)
    SELECT product_id, hour, s, c, coalesce(sum(c) OVER w, 0)::int, coalesce(sum(s) OVER w, 0)
    FROM (SELECT product_id, date_trunc('hour', operation_date AT TIME ZONE 'UTC') AS hour, sum(sum_qty) AS s, count(*)::int AS c
          FROM product_movements GROUP BY 1, 2) b
    WINDOW w AS (PARTITION BY product_id ORDER BY hour ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING);
$$;
