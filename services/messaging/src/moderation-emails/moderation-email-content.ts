import { REPORTABLE_KIND_LABELS, type ModerationAction, type ReportableKind } from '@hunted/contracts';
import type { SendMailOptions } from 'nodemailer';
import { memberEmail, memberEmailText, siteLink, type MemberRecipient } from '../mail/member-email.js';

/** To the one who wrote or submitted the item; to each member whose report the decision answers. */
export const MODERATION_AUTHOR_KIND = 'moderation_author';
export const MODERATION_REPORTER_KIND = 'moderation_reporter';
export const MODERATION_EMAIL_KINDS = [MODERATION_AUTHOR_KIND, MODERATION_REPORTER_KIND] as const;

/** The decisions each side is told of: the author of a hide, a restore and a rejected appeal; reporters of a hide or a dismissal. */
export const AUTHOR_ACTIONS: readonly ModerationAction[] = ['hidden', 'restored', 'appeal-rejected'];
export const REPORTER_ACTIONS: readonly ModerationAction[] = ['hidden', 'dismissed'];

/** What a moderation email keeps from the decision (`<service>.moderation.decided`). */
export interface ModerationEmailFacts {
  kind: ReportableKind;
  itemId: number;
  action: ModerationAction;
  reason: string | null;
  itemTitle: string;
  noticePath: string;
}

interface Written {
  subject: string;
  body: string[];
}

/** The author's email: what was hidden and why, with the one appeal; shown again; the appeal not upheld (final). */
function toAuthor(facts: ModerationEmailFacts, publicUrl: string): Written {
  const label = REPORTABLE_KIND_LABELS[facts.kind];
  const what = `your ${label} “${facts.itemTitle}”`;
  const notice = siteLink(publicUrl, facts.noticePath);
  if (facts.action === 'hidden') {
    return {
      subject: `We have hidden your ${label} on Hunted`,
      body: [
        `A moderator has hidden ${what}: members no longer see it.`,
        '',
        `Why: ${facts.reason ?? 'it breaks the rules of the site.'}`,
        '',
        `If you think this is a mistake, you may appeal once at ${notice} (sign in first). A moderator who did not`,
        'make this decision looks at it again, and you will hear back by email.',
      ],
    };
  }
  if (facts.action === 'restored') {
    return {
      subject: `Your ${label} is shown on Hunted again`,
      body: [`A moderator looked again at ${what}: it is shown on Hunted again, as before.`],
    };
  }
  return {
    subject: `Your appeal about your ${label} was not upheld`,
    body: [
      `A moderator looked at your appeal about ${what} and it stays hidden.`,
      ...(facts.reason ? ['', `Why: ${facts.reason}`] : []),
      '',
      `This decision is final: there is no further appeal on Hunted. The notice stays at ${notice}.`,
    ],
  };
}

/** A reporter's email: thank you, we hid it; or we looked and it stays up (because …, only when a reason was given). */
function toReporter(facts: ModerationEmailFacts): Written {
  const label = REPORTABLE_KIND_LABELS[facts.kind];
  const what = `the ${label} “${facts.itemTitle}”`;
  if (facts.action === 'hidden') {
    return {
      subject: 'Thank you: we hid what you reported',
      body: [`Thank you for reporting ${what}. A moderator looked at it and has hidden it from Hunted.`],
    };
  }
  return {
    subject: 'We looked at what you reported',
    body: [
      `Thank you for reporting ${what}. A moderator looked at it and it stays up${facts.reason ? `, because ${facts.reason}` : '.'}`,
    ],
  };
}

/** The whole email of a ledger row of either kind. */
export function moderationEmail(input: {
  emailId: string;
  emailKind: (typeof MODERATION_EMAIL_KINDS)[number];
  facts: ModerationEmailFacts;
  recipient: MemberRecipient;
  publicUrl: string;
  mailFrom: string;
}): SendMailOptions {
  const written = input.emailKind === MODERATION_AUTHOR_KIND ? toAuthor(input.facts, input.publicUrl) : toReporter(input.facts);
  return memberEmail({
    mailFrom: input.mailFrom,
    recipient: input.recipient,
    subject: written.subject,
    text: memberEmailText(input.recipient.firstName, written.body),
    messageId: `moderation-${input.emailId}`,
    headers: {
      'X-Hunted-Email-Kind': input.emailKind,
      'X-Hunted-Moderation': `${input.facts.kind}/${input.facts.itemId}/${input.facts.action}`,
    },
  });
}
