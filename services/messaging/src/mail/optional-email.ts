import type { SendMailOptions } from 'nodemailer';
import type { OptionalEmailKind } from '@hunted/contracts';
import { OPTIONAL_EMAIL_REASONS } from './email-kinds.js';
import { siteLink } from './member-email.js';
import { unsubscribeToken } from './unsubscribe-token.js';

export interface UnsubscribeSettings {
  PUBLIC_URL: string;
  UNSUBSCRIBE_TOKEN_SECRET: string;
  UNSUBSCRIBE_MAILTO: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * An email a member can turn off, as it goes out: `List-Unsubscribe` with the signed HTTPS link and a mailto, and
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058: a mail client's one-click POST to the link turns
 * the kind off, no page needed); and a footer (text, and html when the mail has an html part) saying why the
 * member got it, with the links to unsubscribe from this kind (the site's page) and to the preferences.
 */
export function withUnsubscribe(
  mail: SendMailOptions,
  claim: { userId: string; kind: OptionalEmailKind },
  settings: UnsubscribeSettings,
): SendMailOptions {
  const token = unsubscribeToken(settings.UNSUBSCRIBE_TOKEN_SECRET, claim);
  const oneClick = siteLink(settings.PUBLIC_URL, `/api/email-preferences/unsubscribe?token=${token}`);
  const page = siteLink(settings.PUBLIC_URL, `/unsubscribe?token=${token}`);
  const preferences = siteLink(settings.PUBLIC_URL, '/edit-profile#email-preferences');
  const mailto = `mailto:${settings.UNSUBSCRIBE_MAILTO}?subject=${encodeURIComponent(`unsubscribe ${token}`)}`;
  const why = `You're getting this because ${OPTIONAL_EMAIL_REASONS[claim.kind]} for your Hunted account.`;
  const textFooter = ['', '', '--', why, `Unsubscribe from these emails: ${page}`, `Email preferences: ${preferences}`].join('\n');
  const htmlFooter =
    `<hr><p style="font-size:12px;color:#666">${escapeHtml(why)}<br>` +
    `<a href="${escapeHtml(page)}">Unsubscribe from these emails</a> · ` +
    `<a href="${escapeHtml(preferences)}">Email preferences</a></p>`;
  return {
    ...mail,
    ...(typeof mail.text === 'string' ? { text: `${mail.text}${textFooter}` } : {}),
    // The member emails are plain text; the footer's links want an html part, so one is made from the text.
    ...(typeof mail.html === 'string'
      ? { html: `${mail.html}${htmlFooter}` }
      : typeof mail.text === 'string'
        ? { html: `<div style="white-space:pre-wrap">${escapeHtml(mail.text)}</div>${htmlFooter}` }
        : {}),
    headers: {
      ...(mail.headers as Record<string, string> | undefined),
      'List-Unsubscribe': `<${oneClick}>, <${mailto}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
