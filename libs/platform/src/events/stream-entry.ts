import { EVENT_VERSIONS, isEventType, type IntegrationEvent } from '@hunted/contracts';
import { parsePayload } from '@hunted/contracts/event-schemas';
import { isTraceparent } from '../tracing/tracing.js';

/** How an event is laid out in a stream entry: flat string fields, the payload as JSON. */
export function toStreamFields(event: IntegrationEvent): string[] {
  return [
    'id', event.id,
    'type', event.type,
    'version', String(event.version),
    'occurredAt', event.occurredAt,
    'data', JSON.stringify(event.data),
    ...(event.traceparent ? ['traceparent', event.traceparent] : []),
  ];
}

export function fieldsToRecord(fields: string[]): Record<string, string> {
  const record: Record<string, string> = {};
  for (let i = 0; i + 1 < fields.length; i += 2) record[fields[i]!] = fields[i + 1]!;
  return record;
}

/** An entry that can never be applied, however often it is retried. */
export class UnreadableEventError extends Error {}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function fromStreamFields(fields: string[]): IntegrationEvent {
  const record = fieldsToRecord(fields);
  const { id, type, version, occurredAt, data, traceparent } = record;
  if (!id || !UUID.test(id)) throw new UnreadableEventError(`event id ${JSON.stringify(id)} is not a uuid`);
  if (!type || !isEventType(type)) throw new UnreadableEventError(`unknown event type ${JSON.stringify(type)}`);
  // A version this build does not know would be misread; parking it keeps it for replay after an upgrade.
  if (Number(version) !== EVENT_VERSIONS[type]) {
    throw new UnreadableEventError(`${type} version ${version} is not the known version ${EVENT_VERSIONS[type]}`);
  }
  if (!occurredAt || data === undefined) throw new UnreadableEventError('occurredAt or data missing');
  let payload: unknown;
  try {
    payload = JSON.parse(data);
  } catch {
    throw new UnreadableEventError('data is not JSON');
  }
  // A payload that is not what its contract says (a publisher's bug, or an entry forged into the stream) would be
  // written into a replica as it is: parked instead, like any entry that can never be applied. The handlers get the
  // payload as the contract reads it, so a field added with a default (a hunter's `status`, a cancellation's
  // `cause`) has its value in events recorded before it existed; a field the contract does not know yet stays.
  const parsed = parsePayload(type, payload);
  if (!parsed.ok) throw new UnreadableEventError(`${type} payload does not match its contract: ${parsed.problems}`);
  const read = { ...(payload as object), ...parsed.data };
  // A malformed trace context only loses the link to the publisher's trace: the event itself is sound.
  return {
    id,
    type,
    version: EVENT_VERSIONS[type],
    occurredAt,
    data: read,
    ...(isTraceparent(traceparent) ? { traceparent } : {}),
  } as IntegrationEvent;
}
