import { randomUUID } from 'node:crypto';
import type { IntegrationEvent } from '@hunted/contracts';
import { describe, expect, it } from 'vitest';
import { fromStreamFields, toStreamFields, UnreadableEventError } from './stream-entry.js';

const event: IntegrationEvent<'identity.user.updated'> = {
  id: randomUUID(),
  type: 'identity.user.updated',
  version: 1,
  occurredAt: '2026-01-02T03:04:05.678Z',
  data: { userId: randomUUID(), email: 'a@example.test', firstName: 'Ada', lastName: null, profileImageUrl: null, instagramUrl: null },
};

function withField(name: string, value: string): string[] {
  const fields = toStreamFields(event);
  fields[fields.indexOf(name) + 1] = value;
  return fields;
}

describe('stream entry layout', () => {
  it('reads back the event it wrote', () => {
    expect(fromStreamFields(toStreamFields(event))).toEqual(event);
  });

  it('carries the trace context when the event has one, and reads entries without it as before', () => {
    const traced = { ...event, traceparent: `00-${'a1'.repeat(16)}-${'b2'.repeat(8)}-01` };
    expect(fromStreamFields(toStreamFields(traced))).toEqual(traced);
    expect(toStreamFields(event)).not.toContain('traceparent');
    expect(fromStreamFields(toStreamFields(event))).not.toHaveProperty('traceparent');
  });

  it('drops a malformed trace context rather than the event: only the link to the trace is lost', () => {
    const fields = [...toStreamFields(event), 'traceparent', 'not-a-trace\nforged log line'];
    expect(fromStreamFields(fields)).toEqual(event);
  });

  it('refuses a version this build does not know, rather than misreading it', () => {
    expect(() => fromStreamFields(withField('version', '2'))).toThrow(UnreadableEventError);
  });

  it('refuses an id that is not a uuid and a payload that is not JSON', () => {
    expect(() => fromStreamFields(withField('id', '42'))).toThrow(/not a uuid/);
    expect(() => fromStreamFields(withField('data', '{'))).toThrow(/not JSON/);
  });

  it('refuses a payload that does not match its contract, naming what is wrong', () => {
    const { instagramUrl: _dropped, ...withoutInstagram } = event.data;
    expect(() => fromStreamFields(withField('data', JSON.stringify({ ...event.data, userId: 42 })))).toThrow(
      /identity\.user\.updated payload does not match its contract: userId: .*string/,
    );
    expect(() => fromStreamFields(withField('data', JSON.stringify(withoutInstagram)))).toThrow(/instagramUrl/);
    expect(() => fromStreamFields(withField('data', 'null'))).toThrow(UnreadableEventError);
    // A field the contract does not know yet (an optional one a newer publisher added) passes through.
    expect(fromStreamFields(withField('data', JSON.stringify({ ...event.data, pronouns: 'she/her' }))).data).toMatchObject({ pronouns: 'she/her' });
  });

  it("fills in a field's default for an event recorded before the field existed", () => {
    const hunter = {
      hunterId: 7,
      userId: null,
      name: 'Sofia',
      profileImageUrl: null,
      location: 'London',
      availabilityStatus: 'Available',
      sessionTypes: {
        whatsappVoice: { enabled: true, price: 50, duration: 30 },
        whatsappVideo: { enabled: true, price: 80, duration: 60 },
        inPerson: { enabled: false, price: 150, duration: 90 },
        askQuestion: { enabled: true, price: 25, duration: 15 },
      },
      pricePerSession: 80,
    };
    const fields = ['id', randomUUID(), 'type', 'hunters.hunter.created', 'version', '1', 'occurredAt', event.occurredAt, 'data', JSON.stringify(hunter)];
    // Before vetting every hunter was listed; before zones and currencies (issue 38) a hunter lived by their
    // location's zone (London's for a location the list does not know) and priced in pounds.
    expect(fromStreamFields(fields).data).toEqual({ ...hunter, status: 'approved', timeZone: 'Europe/London', currency: 'GBP' });
  });
});

