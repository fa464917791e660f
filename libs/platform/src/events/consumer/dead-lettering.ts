import type { ConsumerLink } from './context.js';

/**
 * Dead-lettering: an entry that cannot be applied (unreadable, poison too often, delivered too often) is parked
 * on the service's dead-letter stream, capped, for `npm run events -- replay`.
 */
export class DeadLettering {
  constructor(
    private readonly link: ConsumerLink,
    /** The (prefixed) dead-letter stream of the consuming service. */
    readonly stream: string,
  ) {}

  /** How often the group has delivered the entry (asked of Redis for a redelivery). */
  async deliveriesOf(stream: string, id: string): Promise<number> {
    const pending = (await this.link.command((redis) => redis.call('XPENDING', stream, this.link.group, id, id, 1))) as [string, string, number, number][];
    return pending[0]?.[3] ?? 1;
  }

  async park(stream: string, id: string, fields: string[], error: string, deliveries: number): Promise<void> {
    const deadLetterStream = this.stream;
    const cap = this.link.options.deadLetterMaxLength;
    // Parked and acknowledged together, so the entry is never both gone from the group and missing from the dead letters.
    const results = await this.link.command((redis) =>
      redis
        .multi()
        .xadd(deadLetterStream, 'MAXLEN', '~', cap, '*', ...fields, 'error', error, 'sourceStream', stream, 'sourceId', id,
          'deliveries', String(deliveries), 'deadAt', new Date().toISOString())
        .xack(stream, this.link.group, id)
        .xlen(deadLetterStream)
        .exec(),
    );
    this.link.logger.error(`event ${id} on ${stream} moved to ${deadLetterStream} after ${deliveries} deliveries: ${error}`);
    const length = Number(results?.[2]?.[1] ?? 0);
    if (length >= cap) {
      this.link.logger.warn(`${deadLetterStream} holds ${length} entries, its cap (${cap}): the oldest dead letters are being dropped; replay or fix them (npm run events -- dead-letters)`);
    }
  }
}
