import type { DataSource, EntityManager } from 'typeorm';

/**
 * Runs `load` in one transaction under the schema's demo-data advisory lock when `hasData` finds nothing there:
 * replicas starting together load the demo data once, and a database that has data is never touched. Answers what
 * `load` answered (how much it loaded), 0 when it did not run.
 */
export function loadDemoDataOnce(
  dataSource: DataSource,
  hasData: (manager: EntityManager) => Promise<boolean>,
  load: (manager: EntityManager) => Promise<number>,
): Promise<number> {
  return dataSource.transaction(async (manager) => {
    await manager.query(`select pg_advisory_xact_lock(hashtext(current_schema() || ':demo-data'))`);
    if (await hasData(manager)) return 0;
    return load(manager);
  });
}
