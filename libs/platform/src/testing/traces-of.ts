import type { DataSource } from 'typeorm';

/** A column of a service's schema that still holds one of the values looked for, and how many rows do. */
export interface Trace {
  table: string;
  column: string;
  rows: number;
}

/** The event bus's and migrations' bookkeeping: pruned after EVENT_RETENTION_DAYS (docs/your-data.md), not erased. */
const BOOKKEEPING_TABLES = new Set(['outbox', 'inbox', 'migrations', 'typeorm_metadata']);

/**
 * Every (table, column) of `schema` whose value still contains one of `needles` (a user id, an email, a name, an
 * IP address), read as text (jsonb, arrays and inet included), case-insensitively. The erasure tests call it after
 * `identity.user.deleted` is applied and compare with what docs/your-data.md says is kept: a new column that names
 * a person shows up here without anyone having to remember to add it to the test.
 */
export async function tracesOf(dataSource: DataSource, schema: string, needles: readonly string[]): Promise<Trace[]> {
  const wanted = needles.filter((needle) => needle.length > 0);
  if (wanted.length === 0) return [];
  const columns: { table: string; column: string }[] = await dataSource.query(
    `select c.table_name as "table", c.column_name as "column"
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = $1 and t.table_type = 'BASE TABLE'
        and c.data_type in ('text', 'character varying', 'character', 'jsonb', 'json', 'inet', 'cidr', 'ARRAY', 'USER-DEFINED')
      order by 1, 2`,
    [schema],
  );
  const traces: Trace[] = [];
  for (const { table, column } of columns) {
    if (BOOKKEEPING_TABLES.has(table)) continue;
    const [row]: { rows: string }[] = await dataSource.query(
      `select count(*) as rows from "${schema}"."${table}" where ${wanted.map((_, i) => `"${column}"::text ilike $${i + 1}`).join(' or ')}`,
      wanted.map((needle) => `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
    );
    const rows = Number(row?.rows ?? 0);
    if (rows > 0) traces.push({ table, column, rows });
  }
  return traces;
}
