import { EMPTY_JOINING_DETAILS, type JoiningDetails } from '@hunted/contracts';
import { describe, expect, it } from 'vitest';
import { joiningFor } from './joining-details-copies.js';

const SET: JoiningDetails = {
  whatsappVoice: { phone: '+447700900999' },
  whatsappVideo: { phone: '+447700900123' },
  inPerson: { area: 'Shoreditch', address: '1 Rivington St' },
};

describe('joiningFor', () => {
  it("gives each type its own details: the type's WhatsApp number with its wa.me link, the meeting place, Messages", () => {
    expect(joiningFor('whatsappVideo', SET)).toEqual({ kind: 'whatsapp', phone: '+447700900123', link: 'https://wa.me/447700900123' });
    expect(joiningFor('whatsappVoice', SET)).toEqual({ kind: 'whatsapp', phone: '+447700900999', link: 'https://wa.me/447700900999' });
    expect(joiningFor('inPerson', SET)).toEqual({ kind: 'inPerson', area: 'Shoreditch', address: '1 Rivington St' });
    expect(joiningFor('askQuestion', SET)).toEqual({ kind: 'messages' });
  });

  it('is pending while the hunter has not set what the type needs (no copy, or that field empty)', () => {
    expect(joiningFor('whatsappVideo', null)).toEqual({ kind: 'pending' });
    expect(joiningFor('whatsappVideo', { ...SET, whatsappVideo: { phone: null } })).toEqual({ kind: 'pending' });
    expect(joiningFor('inPerson', EMPTY_JOINING_DETAILS)).toEqual({ kind: 'pending' });
    expect(joiningFor('askQuestion', null)).toEqual({ kind: 'messages' });
  });
});
