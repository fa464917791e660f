import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { EMPTY_JOINING_DETAILS, type JoiningDetails } from '@hunted/contracts';
import { EventPublisher } from '@hunted/platform';
import { DataSource, type EntityManager } from 'typeorm';

interface JoiningRow {
  voicePhone: string | null;
  videoPhone: string | null;
  area: string | null;
  address: string | null;
}

const JOINING_COLUMNS = `whatsapp_voice_phone as "voicePhone", whatsapp_video_phone as "videoPhone",
  in_person_area as area, in_person_address as address`;

function detailsOf(row: JoiningRow | undefined): JoiningDetails {
  if (!row) return EMPTY_JOINING_DETAILS;
  return {
    whatsappVoice: { phone: row.voicePhone },
    whatsappVideo: { phone: row.videoPhone },
    inPerson: { area: row.area, address: row.address },
  };
}

/**
 * The one owner of hunter_joining_details: how each hunter's sessions happen. Private: only the hunter's own route
 * reads them, and hunters.joining-details.changed hands them to bookings, which releases them to booked clients.
 */
@Injectable()
export class JoiningDetailsRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EventPublisher,
  ) {}

  /** The hunter's details; none set yet reads as EMPTY_JOINING_DETAILS. */
  async find(hunterId: number, manager: EntityManager = this.dataSource.manager): Promise<JoiningDetails> {
    const [row] = await manager.query<JoiningRow[]>(
      `select ${JOINING_COLUMNS} from hunter_joining_details where hunter_id = $1`,
      [hunterId],
    );
    return detailsOf(row);
  }

  /**
   * Replaces the hunter's details (an upsert, so racing saves leave one row) and records
   * hunters.joining-details.changed with what was saved, in the caller's transaction.
   */
  async save(manager: EntityManager, hunterId: number, details: JoiningDetails): Promise<JoiningDetails> {
    const [row] = await manager.query<JoiningRow[]>(
      `insert into hunter_joining_details as j
         (hunter_id, whatsapp_voice_phone, whatsapp_video_phone, in_person_area, in_person_address)
       values ($1, $2, $3, $4, $5)
       on conflict (hunter_id) do update set
         whatsapp_voice_phone = excluded.whatsapp_voice_phone, whatsapp_video_phone = excluded.whatsapp_video_phone,
         in_person_area = excluded.in_person_area, in_person_address = excluded.in_person_address, updated_at = now()
       returning ${JOINING_COLUMNS}`,
      [hunterId, details.whatsappVoice.phone, details.whatsappVideo.phone, details.inPerson.area, details.inPerson.address],
    );
    const saved = detailsOf(row);
    await this.events.publish(manager, 'hunters.joining-details.changed', { hunterId, joining: saved });
    return saved;
  }
}
