import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * A sort key that orders Turkish text alphabetically (a b c ç d … ğ h ı i … ö … ş … ü …) on any
 * database collation: Turkish letters are lowered the Turkish way and spelled as their base letter
 * followed by '{', which sorts after every ASCII letter under the byte-wise "C" collation.
 */
export function trSortKey(column: AnyColumn | SQL): SQL {
  return sql`replace(replace(replace(replace(replace(replace(lower(translate(${column}, 'IİÇĞÖŞÜ', 'ıiçğöşü')), 'ç', 'c{'), 'ğ', 'g{'), 'ı', 'h{'), 'ö', 'o{'), 'ş', 's{'), 'ü', 'u{') collate "C"`;
}
