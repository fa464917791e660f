import { CONTACT_CATEGORY_LABELS } from '@hunted/contracts';
import type { SendMailOptions } from 'nodemailer';
import type { ContactSubmissionRecord } from './contact-submission.repository.js';

export interface ContactEmailSettings {
  supportEmail: string;
  mailFrom: string;
}

/** Collapses line breaks and runs of spaces, for text that goes into a header. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The support team's copy of a submission: plain text with every field, Reply-To the person who wrote so that
 * answering the email answers them. The Message-ID is fixed per submission, so if a crash after SMTP accepted
 * the mail makes it go again, mail clients can tell the copies are one message.
 */
export function contactEmail(
  submission: Pick<ContactSubmissionRecord, 'id' | 'name' | 'email' | 'subject' | 'category' | 'message' | 'createdAt'>,
  settings: ContactEmailSettings,
): SendMailOptions {
  const category = CONTACT_CATEGORY_LABELS[submission.category] ?? submission.category;
  const domain = settings.supportEmail.split('@')[1] ?? 'hunted.example';
  return {
    from: settings.mailFrom,
    to: settings.supportEmail,
    replyTo: { name: oneLine(submission.name), address: submission.email },
    subject: `[Hunted contact #${submission.id}] ${category}: ${oneLine(submission.subject)}`,
    messageId: `<contact-submission-${submission.id}@${domain}>`,
    headers: { 'X-Hunted-Contact-Submission': String(submission.id) },
    text: [
      `A message from the Hunted contact form (submission #${submission.id}).`,
      '',
      `Name: ${submission.name}`,
      `Email: ${submission.email}`,
      `Category: ${category}`,
      `Subject: ${submission.subject}`,
      `Received: ${submission.createdAt.toISOString()}`,
      '',
      'Message:',
      submission.message,
      '',
      '-- ',
      'Reply to this email to answer the sender.',
    ].join('\n'),
  };
}
