import { Injectable } from '@nestjs/common';
import {
  whatsappLink,
  type BookingJoining,
  type JoiningDetails,
  type SessionTypeKey,
} from '@hunted/contracts';
import type { EntityManager } from 'typeorm';

/**
 * Messaging's private copy of each hunter's joining details (`hunters.joining-details.changed`): read only to tell a
 * booked client how to join, in their confirmation and reminder emails and in the invite. A newer copy is never
 * overwritten by an older event.
 */
@Injectable()
export class JoiningDetailsCopies {
  async apply(manager: EntityManager, hunterId: number, joining: JoiningDetails, occurredAt: string): Promise<void> {
    await manager.query(
      `insert into hunter_joining_details (hunter_id, joining, updated_at)
       values ($1, $2::jsonb, $3)
       on conflict (hunter_id) do update set joining = excluded.joining, updated_at = excluded.updated_at
       where hunter_joining_details.updated_at <= excluded.updated_at`,
      [hunterId, JSON.stringify(joining), occurredAt],
    );
  }

  async find(manager: EntityManager, hunterId: number): Promise<JoiningDetails | null> {
    const rows: { joining: JoiningDetails }[] = await manager.query(
      `select joining from hunter_joining_details where hunter_id = $1`,
      [hunterId],
    );
    return rows[0]?.joining ?? null;
  }
}

/**
 * How a session of this type is joined, as its client is told: the WhatsApp number and its wa.me link, the meeting
 * area and address, Messages for a question; `pending` while the hunter has not set what the type needs.
 */
export function joiningFor(sessionType: SessionTypeKey, details: JoiningDetails | null): BookingJoining {
  if (sessionType === 'askQuestion') return { kind: 'messages' };
  if (sessionType === 'inPerson') {
    const area = details?.inPerson.area?.trim() ?? '';
    const address = details?.inPerson.address?.trim() ?? '';
    return area || address ? { kind: 'inPerson', area, address } : { kind: 'pending' };
  }
  const phone = details?.[sessionType].phone ?? null;
  return phone ? { kind: 'whatsapp', phone, link: whatsappLink(phone) } : { kind: 'pending' };
}
