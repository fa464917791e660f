// PostgreSQL's own counters around a load (pg_stat_user_indexes, pg_stat_user_tables), so a report names the
// indexes the real queries used, not a guess.

/** Index scans and sequential scans so far of every table in `schema`. */
export async function indexScans(db, schema) {
  const { rows } = await db.query(
    `select relname as table, indexrelname as index, idx_scan::bigint as scans from pg_stat_user_indexes where schemaname = $1`,
    [schema],
  );
  const tables = await db.query(
    `select relname as table, seq_scan::bigint as seq from pg_stat_user_tables where schemaname = $1`,
    [schema],
  );
  return {
    indexes: new Map(rows.map((r) => [`${r.table}.${r.index}`, Number(r.scans)])),
    seq: new Map(tables.rows.map((r) => [r.table, Number(r.seq)])),
  };
}

/** What changed in PostgreSQL's scan counters over a load: indexes used (with scans) and sequential scans. */
export function scanDelta(before, after) {
  const used = [...after.indexes]
    .map(([name, scans]) => [name, scans - (before.indexes.get(name) ?? 0)])
    .filter(([, delta]) => delta > 0)
    .sort((a, b) => b[1] - a[1]);
  const seq = [...after.seq]
    .map(([name, n]) => [name, n - (before.seq.get(name) ?? 0)])
    .filter(([, delta]) => delta > 0);
  return { used, seq };
}

/** Statistics reach pg_stat_* when backends flush them (at most once a second while idle). */
export const settleStats = () => new Promise((resolve) => setTimeout(resolve, 1_500));

/** One line per load: the indexes it used (with scans) and any sequential scan. */
export function describeScans({ used, seq }) {
  const indexes = used.map(([index, scans]) => `${index} (${scans})`).join(', ') || 'no index';
  const sequential = seq.length
    ? `; sequential scans: ${seq.map(([table, n]) => `${table} (${n})`).join(', ')}`
    : '; no sequential scans';
  return `${indexes}${sequential}`;
}
