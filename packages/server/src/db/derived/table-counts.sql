-- Rows per table for the dashboard's tiles of the tables no other kept data counts: companies and users (issue 27,
-- ADR 0052); and materials, the materials list's total without a filter (ADR 0056). (Products are counted by product_counts, offers and orders by offer_sums, order lines by
-- order_figure_sums' kind 0.)
-- Table: table_counts (migration 0041). Source: companies, users, materials (their rows).
-- Kept by: statement triggers on insert, delete and truncate appending each statement's difference (one row per
-- table), so concurrent writers never wait on one another; table_counts_fold() adds a table's rows into one (run by
-- the dashboard's and the materials list's read beyond 100 extra rows). Refill: table_counts_refill() (also backup.ts DERIVED_TABLES).
-- Tests: modules/dashboard/dashboard-counts.test.ts (the tiles equal to the direct counts after random inserts,
-- deletes, truncates and folds; fails with any trigger off), modules/materials/material-list-anchor.test.ts (the
-- materials' count, the same), db/derived.test.ts, backup/backup.test.ts.
-- refill: SELECT table_counts_refill();

CREATE OR REPLACE FUNCTION table_counts_refill() RETURNS void LANGUAGE sql AS $$
  DELETE FROM table_counts;
  INSERT INTO table_counts (name, n) SELECT 'companies', count(*) FROM companies HAVING count(*) > 0;
  INSERT INTO table_counts (name, n) SELECT 'users', count(*) FROM users HAVING count(*) > 0;
  INSERT INTO table_counts (name, n) SELECT 'materials', count(*) FROM materials HAVING count(*) > 0;
$$;

CREATE OR REPLACE FUNCTION table_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM table_counts WHERE name = TG_TABLE_NAME;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO table_counts (name, n) SELECT TG_TABLE_NAME, count(*) FROM new_rows HAVING count(*) > 0;
  ELSE
    INSERT INTO table_counts (name, n) SELECT TG_TABLE_NAME, -count(*) FROM old_rows HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER table_counts_insert AFTER INSERT ON public.companies
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION table_counts_track();

CREATE TRIGGER table_counts_delete AFTER DELETE ON public.companies
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION table_counts_track();

CREATE TRIGGER table_counts_truncate AFTER TRUNCATE ON public.companies
  FOR EACH STATEMENT
  EXECUTE FUNCTION table_counts_track();

CREATE TRIGGER table_counts_insert AFTER INSERT ON public.users
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION table_counts_track();

CREATE TRIGGER table_counts_delete AFTER DELETE ON public.users
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION table_counts_track();

CREATE TRIGGER table_counts_truncate AFTER TRUNCATE ON public.users
  FOR EACH STATEMENT
  EXECUTE FUNCTION table_counts_track();

CREATE TRIGGER table_counts_insert AFTER INSERT ON public.materials
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION table_counts_track();

CREATE TRIGGER table_counts_delete AFTER DELETE ON public.materials
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION table_counts_track();

CREATE TRIGGER table_counts_truncate AFTER TRUNCATE ON public.materials
  FOR EACH STATEMENT
  EXECUTE FUNCTION table_counts_track();

-- Adds the rows of each table into one (one caller at a time). Answers how many rows it removed.
CREATE OR REPLACE FUNCTION table_counts_fold() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE folded integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(727015) THEN RETURN 0; END IF;
  WITH gone AS (DELETE FROM table_counts RETURNING name, n),
  kept AS (INSERT INTO table_counts (name, n) SELECT name, sum(n) FROM gone GROUP BY 1 RETURNING 1)
  SELECT (SELECT count(*) FROM gone) - (SELECT count(*) FROM kept) INTO folded;
  RETURN folded;
END $$;
