// Moving whole databases table by table (ADR 0016): the backup file, the restore, and the move of an
// earlier PGlite data folder. Rows travel as PostgreSQL's own JSON of each row (row_to_json), which keeps
// numeric digits, bytea (as \x hex), timestamps and jsonb exactly, and are loaded with
// json_populate_recordset, so no value passes through a JavaScript number.
import type pg from 'pg';

/** What a query runner answers; node-postgres and PGlite both fit. */
export interface Runner {
  query<R>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

export const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The schemas a backup holds (ADR 0016), each with its own migrations: the back office's (`public`, migrations in
 * schema `drizzle`) and the device service's (`devices`, its migrations table inside it, left out: a restore migrates).
 */
export const DATA_SCHEMAS = ['public', 'devices'] as const;
const MIGRATION_TABLES = [['drizzle', '__drizzle_migrations'], ['devices', '__device_migrations']] as const;

/** A table's name in a backup: bare in schema public (as backups always named them), `schema.table` elsewhere. */
export function splitTable(name: string): [schema: string, table: string] {
  const dot = name.indexOf('.');
  return dot < 0 ? ['public', name] : [name.slice(0, dot), name.slice(dot + 1)];
}
/** The quoted, schema-qualified identifier of a table named as in a backup. */
export const qt = (name: string) => splitTable(name).map(q).join('.');

/** The application's tables (schema public), in a fixed order. */
export async function appTables(r: Runner): Promise<string[]> {
  const res = await r.query<{ t: string }>("select tablename as t from pg_tables where schemaname = 'public' order by tablename");
  return res.rows.map((x) => x.t);
}

/**
 * Every table of the system, as a backup names them: the back office's (schema public), then the device service's
 * (schema devices, without its migrations table and its list of running instances, ADR 0043).
 */
export async function systemTables(r: Runner): Promise<string[]> {
  const res = await r.query<{ s: string; t: string }>(
    `select schemaname as s, tablename as t from pg_tables where schemaname = any($1::text[]) and not (schemaname = 'devices' and tablename in ('__device_migrations', 'instances'))
     order by array_position($1::text[], schemaname::text), tablename`,
    [DATA_SCHEMAS],
  );
  return res.rows.map((x) => (x.s === 'public' ? x.t : `${x.s}.${x.t}`));
}

/** How many migrations of each schema the database has applied (0 when it has none). */
export async function migrationLevel(r: Runner): Promise<{ public: number; devices: number }> {
  const [pub, dev] = await Promise.all(MIGRATION_TABLES.map(async ([schema, table]) => {
    const there = await r.query<{ ok: boolean }>('select to_regclass($1) is not null as ok', [`${q(schema)}.${q(table)}`]);
    if (!there.rows[0]?.ok) return 0;
    return Number((await r.query<{ n: string | number }>(`select count(*)::text as n from ${q(schema)}.${q(table)}`)).rows[0]?.n ?? 0);
  }));
  return { public: pub, devices: dev };
}

/** The columns a row is loaded through: generated columns are computed again by the target. */
export async function loadColumns(r: Runner, table: string): Promise<string[]> {
  const [schema, name] = splitTable(table);
  const res = await r.query<{ c: string }>(
    "select column_name as c from information_schema.columns where table_schema = $1 and table_name = $2 and is_generated = 'NEVER' order by ordinal_position",
    [schema, name],
  );
  return res.rows.map((x) => x.c);
}

export async function countRows(r: Runner, tables: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of tables) {
    const res = await r.query<{ n: string | number }>(`select count(*)::text as n from ${qt(t)}`);
    out[t] = Number(res.rows[0]?.n ?? 0);
  }
  return out;
}

/**
 * Loads rows (each the text of a JSON object with the table's columns) into a table inside the caller's
 * transaction. Identity columns keep their values (OVERRIDING SYSTEM VALUE).
 */
export async function loadRows(client: pg.ClientBase, table: string, columns: string[], rows: string[]): Promise<void> {
  if (rows.length === 0) return;
  const cols = columns.map(q).join(', ');
  await client.query(
    `insert into ${qt(table)} (${cols}) overriding system value select ${cols} from json_populate_recordset(null::${qt(table)}, $1::json)`,
    [`[${rows.join(',')}]`],
  );
}

/** After a load: every serial or identity sequence continues after the largest value present. */
export async function resetSequences(client: pg.ClientBase): Promise<void> {
  const res = await client.query<{ n: string; t: string; c: string; s: string }>(`
    select c.table_schema as n, c.table_name as t, c.column_name as c, pg_get_serial_sequence(quote_ident(c.table_schema) || '.' || quote_ident(c.table_name), c.column_name) as s
    from information_schema.columns c
    where c.table_schema = any($1::text[]) and pg_get_serial_sequence(quote_ident(c.table_schema) || '.' || quote_ident(c.table_name), c.column_name) is not null`, [DATA_SCHEMAS]);
  for (const { n, t, c, s } of res.rows) {
    const table = `${q(n)}.${q(t)}`;
    await client.query(`select setval($1::regclass, coalesce((select max(${q(c)}) from ${table}), 1), (select count(*) > 0 from ${table}))`, [s]);
  }
}

/** Refuses to load into a database that already holds application rows. */
export async function assertEmpty(client: pg.ClientBase, tables: string[], where: string): Promise<void> {
  const counts = await countRows(client, tables);
  const full = Object.entries(counts).filter(([, n]) => n > 0);
  if (full.length > 0) {
    throw new Error(`${where} is not empty (${full.slice(0, 5).map(([t, n]) => `${t}: ${n} rows`).join(', ')}${full.length > 5 ? ', …' : ''}). Restore only into an empty data folder or an empty database.`);
  }
}

export function countsReport(before: Record<string, number>, after: Record<string, number>): { lines: string[]; ok: boolean } {
  let ok = true;
  const lines = Object.keys(before).map((t) => {
    const same = before[t] === after[t];
    if (!same) ok = false;
    return `  ${t.padEnd(28)} ${String(before[t]).padStart(8)} -> ${String(after[t] ?? 'missing').padStart(8)}${same ? '' : '   MISMATCH'}`;
  });
  return { lines, ok };
}
