import { ensureDatabaseExists } from '../libs/platform/src/testing/test-database.js';

/** Creates the test database once; integration tests never touch the database a normal run uses. */
export default async function setup(): Promise<void> {
  await ensureDatabaseExists(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/hunted_test');
}
