import type { OptionalEmailKind } from '@hunted/contracts';

/** An email every member gets whatever their preferences say: it delivers a booking, or tells of their account. */
export type AlwaysSent = 'always';

/**
 * Every kind of email the ledger sends, and the member's switch that can stop it (`email_preferences`), or
 * `always`. A kind missing here cannot be registered (`EmailTemplates.register` refuses it) and the unit test
 * compares this table with the kinds the ledger's check constraint allows, so a new kind must be classified.
 */
export const EMAIL_KIND_SWITCHES: Readonly<Record<string, OptionalEmailKind | AlwaysSent>> = {
  // Booking emails: what delivering a booking needs (confirmations, changes, cancellations, receipts, reminders).
  confirmation: 'always',
  rescheduled: 'always',
  reminder_24h: 'always',
  reminder_1h: 'always',
  cancellation: 'always',
  refund: 'always',
  time_proposed: 'always',
  proposal_declined: 'always',
  no_show: 'always',
  disputed: 'always',
  dispute_resolved: 'always',
  session_held: 'always',
  // Asking for a review is not needed to deliver the session.
  review_request: 'review-requests',
  // Vetting decisions are account notices.
  vetting_approve: 'always',
  vetting_reject: 'always',
  vetting_suspend: 'always',
  vetting_reinstate: 'always',
  edit_sent: 'hunter-edits',
  publish_requested: 'hunter-edits',
  pick_chosen: 'hunters-pick',
  // To the support inbox, not to a member.
  contact_submission: 'always',
  message_nudge: 'message-nudges',
  // The member asked for it.
  export_ready: 'always',
  // What became of a member's content or report (issue 37): necessary notices, like the vetting ones.
  moderation_author: 'always',
  moderation_reporter: 'always',
};

/** The member's switch that governs an email of `kind`, or null when it always goes; throws for an unknown kind. */
export function switchOf(kind: string): OptionalEmailKind | null {
  const governed = EMAIL_KIND_SWITCHES[kind];
  if (governed === undefined) throw new Error(`the email kind ${kind} is not classified in EMAIL_KIND_SWITCHES`);
  return governed === 'always' ? null : governed;
}

/** Why a member got an optional email, in the footer's words ("because message nudges are on"). */
export const OPTIONAL_EMAIL_REASONS: Record<OptionalEmailKind, string> = {
  'message-nudges': 'message nudges are on',
  'review-requests': 'review requests are on',
  'hunter-edits': 'Hunter Edits emails are on',
  'hunters-pick': "Hunter's Pick emails are on",
  news: 'news from Hunted is on',
};
