import { Injectable } from '@nestjs/common';
import { AfterCommit, AppMetrics, type MetricCounter } from '@hunted/platform';
import type { EntityManager } from 'typeorm';

/** The state machine's transitions as the metrics name them (docs/running.md, "Operations: metrics"). */
export type BookingTransition =
  | 'held'
  | 'confirmed'
  | 'late_payment'
  | 'expired'
  | 'released'
  | 'rescheduled'
  | 'cancelled'
  | 'refunded'
  | 'completed';

/**
 * What a payment did when it settled (`unmatched`: it pays for no booking of that amount), a refund that failed, or
 * a refund whose request has failed `REFUND_ALERT_AFTER_ATTEMPTS` times (`refund_stuck`, counted once per refund).
 */
export type PaymentOutcomeLabel = 'confirmed' | 'refunded' | 'ignored' | 'unmatched' | 'refund_failed' | 'refund_stuck';

/**
 * Bookings' own metrics: `bookings_transitions_total{transition}`, counted by the repository, the state machine,
 * once the transaction that made the transition has committed (a rolled-back one counts nothing).
 */
@Injectable()
export class BookingMetrics {
  private readonly transitions: MetricCounter<'transition'>;
  private readonly payments: MetricCounter<'outcome'>;

  constructor(
    metrics: AppMetrics,
    private readonly afterCommit: AfterCommit,
  ) {
    this.transitions = metrics.counter({
      name: 'bookings_transitions_total',
      help: 'Bookings by transition: held, confirmed, late_payment (paid after its time: refunded), expired, released, rescheduled, cancelled, refunded, completed',
      labelNames: ['transition'],
    });
    this.payments = metrics.counter({
      name: 'bookings_payment_outcomes_total',
      help: 'Payments settled, by outcome: confirmed, refunded (paid after its time), ignored (already settled), unmatched (no booking of that amount); refunds that failed, and refund requests that kept failing (refund_stuck)',
      labelNames: ['outcome'],
    });
  }

  /** Counts a payment's outcome after `manager`'s transaction commits (at once without one). */
  paymentOutcome(outcome: PaymentOutcomeLabel, manager?: EntityManager): void {
    const add = () => this.payments.inc({ outcome });
    if (manager) this.afterCommit.run(manager, add);
    else add();
  }

  /** Counts `count` bookings making `transition`, after `manager`'s transaction commits (at once without one). */
  counted(transition: BookingTransition, count = 1, manager?: EntityManager): void {
    if (count <= 0) return;
    const add = () => this.transitions.inc({ transition }, count);
    if (manager) this.afterCommit.run(manager, add);
    else add();
  }
}
