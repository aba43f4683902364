import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

/**
 * The current SQL of every function and trigger behind the derived data (docs/derived-data.md, ADR 0022): one file
 * per structure in src/db/derived (beside dist/ too, as start.mjs compiles file by file). The migrations create the
 * tables and columns; these files say what runs today, and every start applies them after the migrations.
 */
export const DERIVED_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/db/derived');

export interface DerivedTrigger { name: string; table: string; sql: string }
export interface DerivedFile {
  /** File name, e.g. product-counts.sql. */
  file: string;
  /** CREATE OR REPLACE FUNCTION statements, in the file's order. */
  functions: { name: string; sql: string }[];
  /** CREATE TRIGGER statements, written as pg_get_triggerdef prints them (so a start can tell whether one changed). */
  triggers: DerivedTrigger[];
  /** The `-- refill:` line: run when the start changed any of the file's functions or triggers. */
  refill?: string;
}

/** Splits SQL into statements at a `;` ending a line outside a $$ body; full-line comments are left out. */
export function splitStatements(text: string): string[] {
  const out: string[] = [];
  let cur: string[] = [];
  let inBody = false;
  for (const line of text.split('\n')) {
    if (!inBody && /^\s*--/.test(line)) continue;
    if (!inBody && !line.trim() && cur.length === 0) continue;
    cur.push(line);
    if ((line.match(/\$\$/g) ?? []).length % 2 === 1) inBody = !inBody;
    if (!inBody && /;\s*$/.test(line)) {
      out.push(cur.join('\n').trim().replace(/;$/, ''));
      cur = [];
    }
  }
  if (cur.join('').trim()) throw new Error(`a statement without its closing semicolon: ${cur.join('\n').slice(0, 80)}`);
  return out;
}

/** One derived file, parsed; anything but functions and triggers is refused (tables and columns are migrations'). */
export function parseDerived(file: string, text: string): DerivedFile {
  const refill = /^-- refill: (.+)$/m.exec(text)?.[1]?.trim();
  const d: DerivedFile = { file, functions: [], triggers: [], refill };
  for (const sql of splitStatements(text)) {
    const fn = /^CREATE OR REPLACE FUNCTION (\w+)\(/.exec(sql);
    const tr = /^CREATE TRIGGER (\w+) .*? ON (?:public\.)?"?(\w+)"?\s/s.exec(sql);
    if (fn) d.functions.push({ name: fn[1], sql });
    else if (tr) d.triggers.push({ name: tr[1], table: tr[2], sql });
    else throw new Error(`${file}: only CREATE OR REPLACE FUNCTION and CREATE TRIGGER belong in a derived file, not: ${sql.slice(0, 80)}`);
  }
  return d;
}

export function readDerived(dir = DERIVED_DIR): DerivedFile[] {
  return fs.readdirSync(dir).filter((f) => f.endsWith('.sql')).sort()
    .map((f) => parseDerived(f, fs.readFileSync(path.join(dir, f), 'utf8')));
}

/** A trigger definition with its white space made single, for comparing the file's text with pg_get_triggerdef. */
export function sameSpace(sql: string): string {
  return sql.replace(/\s+/g, ' ').replace(/\( /g, '(').replace(/ \)/g, ')').trim();
}

type Client = Pick<pg.ClientBase, 'query'>;

/** Every function's definition (pg_get_functiondef) and trigger's (pg_get_triggerdef) of the schema, by name. */
export async function definitions(c: Client): Promise<{ functions: Map<string, string>; triggers: Map<string, string> }> {
  const f = await c.query<{ name: string; def: string }>(
    `select p.proname as name, string_agg(pg_get_functiondef(p.oid), E'\\n' order by p.oid) as def
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = current_schema() and p.prokind = 'f'
       and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
     group by p.proname`);
  const t = await c.query<{ name: string; def: string }>(
    `select t.tgname || ' ON ' || c.relname as name, pg_get_triggerdef(t.oid) as def
     from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and not t.tgisinternal`);
  return { functions: new Map(f.rows.map((r) => [r.name, r.def])), triggers: new Map(t.rows.map((r) => [r.name, r.def])) };
}

export interface AppliedDerived { changed: string[]; refilled: string[] }

/**
 * Brings the database's functions and triggers to the derived files, in the caller's transaction (the start runs it
 * under the migration lock): functions by CREATE OR REPLACE; a trigger is dropped and created again only when it is
 * missing or differs, so an unchanged start takes no lock on the tables. A file whose functions or triggers changed
 * has its refill run, so the stored data follow the new definition. Applying twice changes nothing.
 */
export async function applyDerived(c: Client, files: DerivedFile[] = readDerived()): Promise<AppliedDerived> {
  const before = await definitions(c);
  for (const d of files) {
    for (const fn of d.functions) await c.query(fn.sql);
    for (const tr of d.triggers) {
      const now = before.triggers.get(`${tr.name} ON ${tr.table}`);
      if (now !== undefined && sameSpace(now) === sameSpace(tr.sql)) continue;
      await c.query(`DROP TRIGGER IF EXISTS ${tr.name} ON ${tr.table}`);
      await c.query(tr.sql);
    }
  }
  // Changed = a definition PostgreSQL now prints differently (a trigger made again as it was, say on a server version
  // that prints it in other words, is no change and refills nothing).
  const after = await definitions(c);
  const changed = files.filter((d) =>
    d.functions.some((fn) => before.functions.get(fn.name) !== after.functions.get(fn.name))
    || d.triggers.some((tr) => before.triggers.get(`${tr.name} ON ${tr.table}`) !== after.triggers.get(`${tr.name} ON ${tr.table}`)));
  const refilled: string[] = [];
  for (const d of changed) {
    if (d.refill) { await c.query(d.refill); refilled.push(d.file); }
  }
  return { changed: changed.map((d) => d.file), refilled };
}
