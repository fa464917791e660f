import { CreateContactSubmissions1764000000000 } from './1764000000000-create-contact-submissions.js';
import { CreateCopies1764806400000 } from './1764806400000-create-copies.js';
import { CreateOutboundEmails1764892800000 } from './1764892800000-create-outbound-emails.js';
import { CreateConversations1765100000000 } from './1765100000000-create-conversations.js';
import { ConversationDailyCount1765900000000 } from './1765900000000-conversation-daily-count.js';
import { HunterVetting1766800000000 } from './1766800000000-hunter-vetting.js';
import { SessionMessaging1795824000000 } from './1795824000000-session-messaging.js';
import { MemberUnread1795910400000 } from './1795910400000-member-unread.js';
import { SessionHeldEmail1796000000000 } from './1796000000000-session-held-email.js';
import { HeldBackQuestions1796100000000 } from './1796100000000-held-back-questions.js';
import { EditEmails1796200000000 } from './1796200000000-edit-emails.js';
import { OneEmailLedger1796300000000 } from './1796300000000-one-email-ledger.js';
import { SharedBookingCopies1796400000000 } from './1796400000000-shared-booking-copies.js';
import { BookingCopiesReviewQualifies1797500040000 } from './1797500040000-booking-copies-review-qualifies.js';
import { YourData1797900050000 } from './1797900050000-your-data.js';
import { ModerationEmails1798000020000 } from './1798000020000-moderation-emails.js';
import { MemberTimeZone1798000140000 } from './1798000140000-member-time-zone.js';

/** Every migration of this service, in order. They run on start. */
export const migrations = [
  CreateContactSubmissions1764000000000,
  CreateCopies1764806400000,
  CreateOutboundEmails1764892800000,
  CreateConversations1765100000000,
  ConversationDailyCount1765900000000,
  HunterVetting1766800000000,
  SessionMessaging1795824000000,
  MemberUnread1795910400000,
  SessionHeldEmail1796000000000,
  HeldBackQuestions1796100000000,
  EditEmails1796200000000,
  OneEmailLedger1796300000000,
  SharedBookingCopies1796400000000,
  BookingCopiesReviewQualifies1797500040000,
  YourData1797900050000,
  ModerationEmails1798000020000,
  MemberTimeZone1798000140000,
];
