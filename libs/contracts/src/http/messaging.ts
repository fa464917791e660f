/** HTTP shapes of the messaging service: the contact form (`POST /api/contact`) and the admin's contact inbox. */

export const CONTACT_CATEGORIES = [
  'general',
  'brand-submission',
  'partnership',
  'bug-report',
  'feature-request',
  'other',
] as const;
export type ContactCategory = (typeof CONTACT_CATEGORIES)[number];
export const CONTACT_CATEGORY_LABELS: Record<ContactCategory, string> = {
  general: 'General Inquiry',
  'brand-submission': 'Brand Submission',
  partnership: 'Partnership Opportunity',
  'bug-report': 'Bug Report',
  'feature-request': 'Feature Request',
  other: 'Other',
};

/** Body of `POST /api/contact`. */
export interface ContactInput {
  name: string;
  email: string;
  subject: string;
  category: ContactCategory;
  message: string;
}

/** The contact form's lengths (spec sections 3 and 5): the server's schema and the web form check the same. */
export const CONTACT_MIN_LENGTHS = { name: 2, subject: 5, message: 10 } as const;
export const CONTACT_MAX_LENGTHS = { name: 255, email: 255, subject: 500, message: 5000 } as const;

/**
 * The contact form's honeypot: an input people never see or reach (visually hidden, aria-hidden, tabindex -1,
 * autocomplete off) that form-filling bots do fill. A submission with it filled is answered like any other and
 * dropped. Sent only when it has a value.
 */
export const CONTACT_HONEYPOT_FIELD = 'website';

/** What the contact form posts: the message, plus the honeypot when something filled it. */
export type ContactRequest = ContactInput & { [CONTACT_HONEYPOT_FIELD]?: string };

/** Whether a bot filled the honeypot: anything but absent, null or blank. */
export function honeypotFilled(input: { [CONTACT_HONEYPOT_FIELD]?: unknown }): boolean {
  const value = input[CONTACT_HONEYPOT_FIELD];
  if (value === undefined || value === null) return false;
  return typeof value !== 'string' || value.trim() !== '';
}

/** `GET /api/admin/contact-submissions` answers pages of this many unless `limit` says otherwise (≤ 100). */
export const CONTACT_SUBMISSIONS_PAGE_SIZE = 50;

/** A row of `GET /api/admin/contact-submissions` (newest first). */
export interface ContactSubmission extends ContactInput {
  id: number;
  status: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * Conversations between a client and a hunter (one per pair, opened by a confirmed booking). Routes:
 * `GET /api/conversations`, `GET /api/hunter-conversations`, `GET|POST /api/conversations/{id}/messages`,
 * `POST /api/conversations/{id}/read`, `GET /api/conversations/unread-count`; live events on socket.io
 * (`/socket.io`, websocket transport only): `message:new` (ConversationMessage & { conversationId }),
 * `conversation:read` ({ conversationId, readerId, upTo }), `unread:count` (UnreadCount).
 */
export type ConversationRole = 'client' | 'hunter';

/** One row of `GET /api/conversations`: the spec's client fields plus who the other side is and the unread count. */
export interface ConversationSummary {
  id: string;
  /** The client's user id. */
  userId: string;
  hunterId: number;
  hunterName: string;
  hunterProfileImage: string | null;
  lastMessageAt: string | null;
  createdAt: string;
  /** The caller's side of this conversation. */
  role: ConversationRole;
  /** The other participant's user id, name and photo. */
  otherUserId: string;
  otherName: string;
  otherImage: string | null;
  lastMessage: string | null;
  unreadCount: number;
  /** True once the hunter is suspended: readable, but closed to new messages (sending answers 409). */
  closed: boolean;
}

/** One row of `GET /api/hunter-conversations` (the spec's hunter shape). */
export interface HunterConversationSummary {
  id: string;
  clientName: string;
  clientAvatar: string | null;
  lastMessage: string | null;
  lastMessageTime: string | null;
  unreadCount: number;
  /** True once the hunter is suspended: readable, but closed to new messages. */
  closed: boolean;
}

/** A message of a thread, oldest first. */
export interface ConversationMessage {
  id: string;
  conversationId: string;
  senderId: string;
  receiverId: string;
  content: string;
  createdAt: string;
  isRead: boolean;
  clientMessageId: string | null;
  /**
   * Photo URLs shown with the message: the booking's photos on the message that carries the client's question
   * (`/api/media/booking-photos/{id}`, served by bookings to the two participants only). Empty otherwise.
   */
  attachments: string[];
  /**
   * On the receiver's own copy of the live `message:new` only: their unread totals with this message counted, so the
   * header's badge moves with the message itself (no separate `unread:count`, no count per message; issue 23).
   */
  unread?: UnreadCount;
}

/** Body of `POST /api/conversations/{id}/messages`. `receiverId`: the other side's user id, or the hunter's id as text. */
export interface SendMessageRequest {
  content: string;
  receiverId: string;
  clientMessageId?: string;
}

/** Body of `POST /api/conversations/{id}/read`: marks what the caller received up to that message (all when absent). */
export interface MarkReadRequest {
  upTo?: string;
}

/** `GET /api/conversations/unread-count` and the socket's `unread:count`. */
export interface UnreadCount {
  messages: number;
  conversations: number;
}

/** `pageSize`: the messages of a thread one read answers unless it asks for up to `pageMax`. */
export const MESSAGE_LIMITS = { maxLength: 2000, pageSize: 50, pageMax: 100, perMinute: 30 } as const;

export const MESSAGE_ERRORS = {
  empty: 'Message cannot be empty',
  tooLong: 'Messages can be at most 2,000 characters',
} as const;

/**
 * Emails a member may turn off: none is needed to deliver a booking. Booking confirmations, changes,
 * cancellations, receipts and account notices always go. Decision 0098.
 */
export const OPTIONAL_EMAIL_KINDS = ['message-nudges', 'review-requests', 'hunter-edits', 'hunters-pick', 'news'] as const;
export type OptionalEmailKind = (typeof OPTIONAL_EMAIL_KINDS)[number];

export const OPTIONAL_EMAIL_LABELS: Record<OptionalEmailKind, string> = {
  'message-nudges': 'Message nudges',
  'review-requests': 'Review requests',
  'hunter-edits': 'Hunter Edits',
  'hunters-pick': "Hunter's Pick",
  news: 'News from Hunted',
};

/** What each switch covers, in the member's words. */
export const OPTIONAL_EMAIL_DESCRIPTIONS: Record<OptionalEmailKind, string> = {
  'message-nudges': 'An email when someone messages you and you have not read it yet',
  'review-requests': 'A request to review a session after it was held',
  'hunter-edits': 'An email when a hunter sends you an edit of brands',
  'hunters-pick': "The day's Hunter's Pick, when it is a hunter you follow or booked",
  news: 'Occasional news about Hunted',
};

/** Every member starts with these (news is opt-in). */
export const DEFAULT_EMAIL_PREFERENCES: Record<OptionalEmailKind, boolean> = {
  'message-nudges': true,
  'review-requests': true,
  'hunter-edits': true,
  'hunters-pick': true,
  news: false,
};

/** `GET /api/email-preferences` and the answer of `PUT` (whose body is a partial `preferences`). */
export interface EmailPreferencesResponse {
  preferences: Record<OptionalEmailKind, boolean>;
}

/**
 * `POST /api/email-preferences/unsubscribe?token=...` (RFC 8058 one-click, no session needed) and
 * `POST /api/email-preferences/resubscribe?token=...`: which kind the signed token named, and its state now.
 */
export interface UnsubscribeResponse {
  kind: OptionalEmailKind;
  label: string;
  subscribed: boolean;
}

/** The sentence for a forged, altered or outdated unsubscribe token; nothing is changed. */
export const UNSUBSCRIBE_LINK_INVALID = 'This unsubscribe link is not valid. You can choose which emails you get in your profile.';
