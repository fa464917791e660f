import { CreateCopies1766448000000 } from './1766448000000-create-copies.js';
import { CreateHunterBookings1766534400000 } from './1766534400000-create-hunter-bookings.js';
import { CreateStripeEvents1767225600000 } from './1767225600000-create-stripe-events.js';
import { HoldPaymentChecks1767398400000 } from './1767398400000-hold-payment-checks.js';
import { BookingRefunds1767484800000 } from './1767484800000-booking-refunds.js';
import { StripeEventsReceivedIndex1767571200000 } from './1767571200000-stripe-events-received-index.js';
import { AddBookingRescheduleLimits1795651200000 } from './1795651200000-add-booking-reschedule-limits.js';
import { HunterStatusAndPayouts1795737600000 } from './1795737600000-hunter-status-and-payouts.js';
import { SessionActions1795824000000 } from './1795824000000-session-actions.js';
import { BusyRangesIndex1795910400000 } from './1795910400000-busy-ranges-index.js';
import { BookingPassport1796300000000 } from './1796300000000-booking-passport.js';
import { UploadQuotaDays1797400000000 } from './1797400000000-upload-quota-days.js';
import { RestateBookingOutcomes1797500050000 } from './1797500050000-restate-booking-outcomes.js';
import { PayoutAccountStateReads1797700000000 } from './1797700000000-payout-account-state-reads.js';
import { RefundRetries1797700010000 } from './1797700010000-refund-retries.js';
import { YourData1797900040000 } from './1797900040000-your-data.js';
import { BookingExpressRequest1798000090000 } from './1798000090000-booking-express-request.js';
import { HunterCopyTimeZones1798000120000 } from './1798000120000-hunter-copy-time-zones.js';
import { BookingCurrencies1798000160000 } from './1798000160000-booking-currencies.js';

/** Every migration of this service, in order. They run on start. */
export const migrations = [
  CreateCopies1766448000000,
  CreateHunterBookings1766534400000,
  CreateStripeEvents1767225600000,
  HoldPaymentChecks1767398400000,
  BookingRefunds1767484800000,
  StripeEventsReceivedIndex1767571200000,
  AddBookingRescheduleLimits1795651200000,
  HunterStatusAndPayouts1795737600000,
  SessionActions1795824000000,
  BusyRangesIndex1795910400000,
  BookingPassport1796300000000,
  UploadQuotaDays1797400000000,
  RestateBookingOutcomes1797500050000,
  PayoutAccountStateReads1797700000000,
  RefundRetries1797700010000,
  YourData1797900040000,
  BookingExpressRequest1798000090000,
  HunterCopyTimeZones1798000120000,
  BookingCurrencies1798000160000,
];
