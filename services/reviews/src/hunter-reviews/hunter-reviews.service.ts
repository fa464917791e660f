import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  HUNTER_MESSAGES,
  HUNTER_REVIEW_MESSAGES as MESSAGES,
  type HunterReview,
  type HunterReviewInputFields,
  type HunterReviewPage,
  type MyHunterReviews,
} from '@hunted/contracts';
import { BookingCopies, EventPublisher, forgetMemberInBookingCopies, isReviewable, now, reviewQualifies, UserCopies, wasHeld, type AuthenticatedUser, type ModeratedItem, type Page } from '@hunted/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { HunterStatuses } from '../hunters/hunter-statuses.js';
import { DailyReviewLimit } from './daily-review-limit.js';
import { ratingChanged, ratingOf } from './hunter-rating.js';
import { HunterReviewsRepository, type NewHunterReview } from './hunter-reviews.repository.js';

/** A demo review as the seeder writes it, with the hunter's reply when there is one. */
export interface DemoHunterReview extends NewHunterReview {
  reply?: { text: string; at: Date };
}

/**
 * Reviews of hunters: who may write and reply (reports and hides are the moderation kit's, decision 0101), judged from this service's copy of the booking's
 * session and the outcome bookings published for it (never from what the client says, nor worked out here) and
 * the test clock's now. Every change of a hunter's visible reviews
 * announces the hunter's new rating in its own transaction (the outbox).
 */
@Injectable()
export class HunterReviewsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reviews: HunterReviewsRepository,
    private readonly sessions: BookingCopies,
    private readonly users: UserCopies,
    private readonly events: EventPublisher,
    private readonly hunterStatuses: HunterStatuses,
    private readonly dailyLimit: DailyReviewLimit,
  ) {}

  /**
   * A page of the hunter's visible reviews that count, with their total and rating, and on the first page the
   * earlier ones that do not count (decision 0090), shown apart. A hunter who is not approved (pending, rejected,
   * suspended), or whom this service has not heard of, answers 404 with the profile's own message: their reviews are
   * not public while their profile is not (decision 0096).
   */
  async page(hunterId: number, page: Page): Promise<HunterReviewPage> {
    const manager = this.dataSource.manager;
    if (!(await this.hunterStatuses.isApproved(manager, hunterId))) throw new NotFoundException(HUNTER_MESSAGES.notFound);
    const [reviews, totals, earlier, earlierTotal] = await Promise.all([
      this.reviews.visiblePage(manager, hunterId, page),
      this.reviews.totals(manager, hunterId),
      page.offset === 0 ? this.reviews.visiblePage(manager, hunterId, { limit: page.limit, offset: 0 }, false) : [],
      this.reviews.uncountedTotal(manager, hunterId),
    ]);
    return { reviews, total: totals.reviewCount, rating: ratingOf(totals), earlier, earlierTotal };
  }

  /** The client's one review of a held session, within the window after its end. */
  async create(author: AuthenticatedUser, input: HunterReviewInputFields): Promise<HunterReview> {
    return this.dataSource.transaction(async (manager) => {
      const session = await this.sessions.find(manager, input.bookingId);
      // A copy without its hunter holds only what brands or hunters knew of it (moved over, decision 0085): none here.
      if (!session || session.hunterId === null) throw new NotFoundException(MESSAGES.unknownBooking);
      // Someone else's booking answers as an unknown one: a refusal must not tell a stranger the booking exists.
      if (session.clientUserId !== author.id) throw new NotFoundException(MESSAGES.unknownBooking);
      // At most HUNTER_REVIEWS_PER_DAY a member (decision 0096): the author's lock holds to the commit.
      await this.dailyLimit.assertUnder(manager, author);
      if (await this.reviews.existsForBooking(manager, session.bookingId)) throw new ConflictException(MESSAGES.already);
      const at = now();
      const { outcome } = session;
      if (outcome.status === 'cancelled') throw new ConflictException(MESSAGES.notHeld);
      if (session.endsAt.getTime() > at.getTime()) throw new ConflictException(MESSAGES.notEnded);
      // Held is not enough: bookings says whether the session qualifies (paid, or free and marked held: decision 0090).
      if (!wasHeld(outcome, at) || !reviewQualifies(outcome)) throw new ConflictException(MESSAGES.notHeld);
      if (!isReviewable(outcome, at)) throw new ConflictException(MESSAGES.windowClosed);
      await this.users.rememberSignedIn(manager, author);
      const reviewId = await this.write(manager, {
        bookingId: session.bookingId,
        hunterId: session.hunterId,
        clientUserId: author.id,
        rating: input.rating,
        text: input.text,
      });
      // The unique booking key decides a race between two first reviews: the loser wrote nothing.
      if (reviewId === null) throw new ConflictException(MESSAGES.already);
      return (await this.reviews.find(manager, reviewId))!.review;
    });
  }

  /** Writes a review and announces the hunter's new rating in the caller's transaction; null when it has one already. */
  private async write(manager: EntityManager, review: NewHunterReview): Promise<number | null> {
    await this.reviews.lockHunter(manager, review.hunterId);
    const reviewId = await this.reviews.insert(manager, review);
    if (reviewId !== null) await this.announceRating(manager, review.hunterId);
    return reviewId;
  }

  /**
   * Demo reviews (and their replies) written in the seeder's transaction, each hunter's rating announced once
   * after all of theirs; a review whose booking has one already is skipped. Answers how many were written.
   */
  async seedDemo(manager: EntityManager, reviews: readonly DemoHunterReview[]): Promise<number> {
    const hunters = new Set<number>();
    let written = 0;
    for (const review of reviews) {
      await this.reviews.lockHunter(manager, review.hunterId);
      const reviewId = await this.reviews.insert(manager, review);
      if (reviewId === null) continue;
      if (review.reply) await this.reviews.reply(manager, reviewId, review.reply.text, review.reply.at);
      hunters.add(review.hunterId);
      written += 1;
    }
    for (const hunterId of hunters) await this.announceRating(manager, hunterId);
    return written;
  }

  /**
   * Bookings restated the booking's outcome (decision 0090; the copy already holds it, BOOKING_COPY_HANDLERS ran
   * first): an earlier review of it not decided yet is decided now, once, and its hunter's rating announced again.
   */
  async decideEarlierReview(manager: EntityManager, bookingId: string): Promise<void> {
    const outcome = await this.sessions.outcomeOf(manager, bookingId);
    if (!outcome || outcome.reviewQualifies === null) return;
    const hunterId = await this.reviews.decideQualifies(manager, bookingId, outcome.reviewQualifies);
    if (hunterId === null) return;
    await this.reviews.lockHunter(manager, hunterId);
    await this.announceRating(manager, hunterId);
  }

  /** The reviewed hunter's one reply. */
  async reply(replier: AuthenticatedUser, reviewId: number, text: string): Promise<HunterReview> {
    return this.dataSource.transaction(async (manager) => {
      const stored = await this.reviews.find(manager, reviewId);
      if (!stored) throw new NotFoundException(MESSAGES.notFound);
      if (stored.hunterUserId === null || stored.hunterUserId !== replier.id) {
        throw new ForbiddenException(MESSAGES.replyNotYours);
      }
      if (!(await this.reviews.reply(manager, reviewId, text))) throw new ConflictException(MESSAGES.alreadyReplied);
      return (await this.reviews.find(manager, reviewId))!.review;
    });
  }

  /** What the member wrote as a client, and what they received as a hunter. */
  async mine(userId: string): Promise<MyHunterReviews> {
    const manager = this.dataSource.manager;
    const [written, received] = await Promise.all([
      this.reviews.writtenBy(manager, userId),
      this.reviews.receivedBy(manager, userId),
    ]);
    return { written, received };
  }

  /** The reviews as the moderation kit shows them (hidden ones too), by id. */
  async moderatedItems(manager: EntityManager, reviewIds: readonly number[]): Promise<Map<number, ModeratedItem>> {
    return this.reviews.moderatedItems(manager, reviewIds);
  }

  /**
   * An admin's hide or restore (decision 0101), in the decision's transaction: the review leaves (or rejoins) the
   * hunter's page and rating, and the hunter's new rating is announced.
   */
  async setHidden(manager: EntityManager, reviewId: number, hidden: boolean): Promise<void> {
    const item = (await this.reviews.moderatedItems(manager, [reviewId])).get(reviewId);
    if (!item) return;
    await this.reviews.lockHunter(manager, item.hunterId);
    if ((await this.reviews.setHidden(manager, reviewId, hidden)) !== null) await this.announceRating(manager, item.hunterId);
  }

  /** What the member wrote and received as reviews of hunters (their export; their reports are the kit's). */
  async exportOf(manager: EntityManager, userId: string): Promise<{ written: HunterReview[]; received: HunterReview[] }> {
    return {
      written: await this.reviews.writtenBy(manager, userId),
      received: await this.reviews.aboutMember(manager, userId),
    };
  }

  /**
   * A deleted member (services/reviews/README.md, "Your data"): the reviews they wrote stay as 'Former member' (the
   * hunters' ratings do not move); the reviews of their own hunter profile go with its replies
   * (hunters unlists the profile and its page is gone: a review of nobody helps no reader, and its text is about the
   * person), and each such hunter's rating is announced again (none). They leave the booking copy, but for the
   * sessions of the reviews kept, which lose only their client.
   */
  async eraseMember(manager: EntityManager, userId: string): Promise<void> {
    const hunterIds = await this.reviews.hunterIdsOfMember(manager, userId);
    for (const hunterId of hunterIds) await this.reviews.lockHunter(manager, hunterId);
    const kept = await this.reviews.bookingIdsWrittenBy(manager, userId);
    await this.reviews.deleteOfHunters(manager, hunterIds);
    await this.reviews.forgetMember(manager, userId);
    await forgetMemberInBookingCopies(manager, userId, kept);
    for (const hunterId of hunterIds) await this.announceRating(manager, hunterId);
  }

  /** The hunter's rating as their visible reviews now give it, to the outbox (the caller holds the hunter's lock). */
  private async announceRating(manager: EntityManager, hunterId: number): Promise<void> {
    const totals = await this.reviews.totals(manager, hunterId);
    await this.events.publish(manager, 'reviews.hunter-rating.changed', ratingChanged(hunterId, totals));
  }
}
