import { Injectable } from '@nestjs/common';
import { BookingCopies, DemoDataLoader, now, UserCopies, type DemoBookingCopy } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { HunterReviewsService, type DemoHunterReview } from '../hunter-reviews/hunter-reviews.service.js';
import { DEMO_CLIENTS, DEMO_REVIEWS, demoBookingId } from './demo-hunter-reviews.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Loads demo reviews of the demo hunters into an empty database at start (unless DEMO_DATA=off; off by default in
 * tests): demo clients in the users copy, a held session per review in the booking copy, the reviews and some
 * hunters' replies, and each reviewed hunter's `reviews.hunter-rating.changed`, so hunters' listing shows ratings
 * from real rows. DemoDataLoader runs it once, in one transaction under the schema's demo-data lock; a service that
 * has copied any session is never touched, and the fixed booking ids make a repeat write nothing.
 */
@Injectable()
export class DemoDataSeeder extends DemoDataLoader {
  constructor(
    private readonly sessions: BookingCopies,
    private readonly users: UserCopies,
    private readonly reviews: HunterReviewsService,
  ) {
    super();
  }

  protected hasData(manager: EntityManager): Promise<boolean> {
    return this.sessions.any(manager);
  }

  protected async load(manager: EntityManager): Promise<number> {
    for (const client of DEMO_CLIENTS) {
      const facts = { userId: client.id, firstName: client.firstName, lastName: client.lastName, profileImageUrl: null };
      await this.users.apply(manager, facts, '-infinity');
    }
    const at = now().getTime();
    const sessions: DemoBookingCopy[] = [];
    const reviews: DemoHunterReview[] = [];
    DEMO_REVIEWS.forEach((demo, index) => {
      const endsAt = new Date(at - demo.daysAgo * DAY_MS - (index % 5) * HOUR_MS);
      const clientUserId = DEMO_CLIENTS[demo.client]!.id;
      const bookingId = demoBookingId(index);
      sessions.push({
        bookingId,
        hunterId: demo.hunterId,
        clientUserId,
        sessionType: demo.sessionType,
        startsAt: new Date(endsAt.getTime() - demo.minutes * 60_000),
        endsAt,
      });
      const createdAt = new Date(endsAt.getTime() + (2 + (index % 4) * 5) * HOUR_MS);
      reviews.push({
        bookingId,
        hunterId: demo.hunterId,
        clientUserId,
        rating: demo.rating,
        text: demo.text,
        createdAt,
        ...(demo.reply ? { reply: { text: demo.reply, at: new Date(createdAt.getTime() + 20 * HOUR_MS) } } : {}),
      });
    });
    await this.sessions.insertDemo(manager, sessions);
    return this.reviews.seedDemo(manager, reviews);
  }

  protected loadedMessage(count: number): string {
    return `loaded the demo reviews of hunters: ${count} reviews (set DEMO_DATA=off to start empty)`;
  }
}
