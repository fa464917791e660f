import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';

/** The quoted, schema-qualified table of an entity, for the raw SQL the event bus needs (locking, upserts). */
export function tableOf(manager: EntityManager, entity: EntityTarget<ObjectLiteral>): string {
  const metadata = manager.connection.getMetadata(entity);
  return metadata.schema ? `"${metadata.schema}"."${metadata.tableName}"` : `"${metadata.tableName}"`;
}
