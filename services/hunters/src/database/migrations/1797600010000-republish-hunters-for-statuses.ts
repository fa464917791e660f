import { EVENT_VERSIONS } from '@hunted/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 35: the reviews of a hunter who is not approved answer 404 like the profile, so reviews keeps a copy of each
 * hunter's status (decision 0096), which it never stored before. Every hunter is published again as
 * `hunters.hunter.updated` (the fields `eventOf` in store/hunter.repository.ts sends, as the row has them now)
 * through the outbox, in id order, so that copy learns every existing hunter. Every consumer takes a repeat: bookings'
 * and messaging's copies take the same values again (newer by occurredAt), reviews' member id onto sessions changes
 * nothing, messaging opens only the held-back conversations still missing, and bookings' demo payout account is
 * created once. One statement; nothing to undo (the events are sent).
 */
export class RepublishHuntersForStatuses1797600010000 implements MigrationInterface {
  name = 'RepublishHuntersForStatuses1797600010000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `insert into outbox (id, type, version, occurred_at, data)
       select gen_random_uuid(), 'hunters.hunter.updated', $1, now(),
              jsonb_build_object(
                'hunterId', h.id, 'userId', h.user_id, 'name', h.name, 'profileImageUrl', h.profile_image_url,
                'location', h.location, 'availabilityStatus', h.availability_status, 'sessionTypes', h.session_types,
                'pricePerSession', h.price_per_session, 'status', h.status)
         from hunters h
        order by h.id`,
      [EVENT_VERSIONS['hunters.hunter.updated']],
    );
  }

  async down(): Promise<void> {
    // Events once sent cannot be taken back; the copies keep what they learnt.
  }
}
