import pg from 'pg';

/**
 * Creates the database `url` names when the server has none of that name, connecting to the server's `postgres`
 * database to do it. The test setup and `npm run chaos` both start from here, so either works on a machine where
 * only `npm start` has run (it makes `hunted`, never the test database). Safe when two callers race.
 */
export async function ensureDatabaseExists(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!name) throw new Error(`${url} names no database`);
  const maintenance = new URL(target);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount) return;
    await client.query(`create database ${pg.escapeIdentifier(name)}`).catch((error: { code?: string }) => {
      // 42P04: made meanwhile by another caller; 23505: the same race caught on pg_database's unique index.
      if (error.code !== '42P04' && error.code !== '23505') throw error;
    });
  } finally {
    await client.end();
  }
}
