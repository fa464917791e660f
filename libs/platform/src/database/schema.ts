import pg from 'pg';

/**
 * Creates the service's schema when it is missing. Checked first and created only when absent, because in a
 * deployment the service's role owns its schema but may not create schemas in the database.
 */
export async function ensureSchema(databaseUrl: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_namespace where nspname = $1', [schema]);
    if (!rowCount) await client.query(`create schema if not exists "${schema}"`);
  } finally {
    await client.end();
  }
}

/** Connection options that pin every session of the pool to the service's own schema. */
export function schemaConnectionOptions(schema: string) {
  return { options: `-c search_path="${schema}"` };
}
