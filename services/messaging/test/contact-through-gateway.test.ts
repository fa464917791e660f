import type { ContactSubmission, SessionUser } from '@hunted/contracts';
import { startServiceApp, testServiceEnv, waitFor, type RunningServiceApp } from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGatewayInFront, type GatewayInFront } from '../../../gateway/test/support/test-gateway.js';
import { createMessagingApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { MailInbox } from './mail-inbox.js';

/**
 * The contact form as a visitor's browser sends it and an admin reads it: through the real gateway (a guest's
 * write let through, the admin's session turned into a signed identity) to the real messaging service on the test
 * database, whose support email reaches a real SMTP server. Was the contact journey; the form's
 * own messages and thanks are web/src/features/support/pages/contact-page.test.tsx, the inbox tab's labels
 * web/src/features/admin/pages/admin-page.test.tsx, the rules and the email's retries contact.test.ts.
 */

const SCHEMA = 'messaging_contact_gateway_it';
const SUPPORT_EMAIL = 'support@hunted.test';
const ADMIN: SessionUser = { id: 'u-ada', email: 'admin@hunted.test', firstName: 'Ada', lastName: null, isAdmin: true, acceptedTerms: ['terms', 'hunterTerms'] };

describe('the contact form through the gateway', () => {
  let messaging: RunningServiceApp<NestFastifyApplication>;
  let site: GatewayInFront;
  let inbox: MailInbox;

  beforeAll(async () => {
    inbox = new MailInbox();
    await inbox.start();
    const env = testServiceEnv(SCHEMA, {
      SMTP_URL: `smtp://127.0.0.1:${inbox.port}`,
      SUPPORT_EMAIL,
      MAIL_FROM: 'Hunted Test <no-reply@hunted.test>',
    });
    messaging = await startServiceApp(createMessagingApp, loadConfig(env));
    site = await startGatewayInFront({ name: 'contact-gateway', services: { MESSAGING_URL: messaging.base }, users: { ada: ADMIN } });
  });

  afterAll(async () => {
    await site?.close();
    await messaging?.close();
    await inbox?.stop();
  });

  function send(body: unknown): Promise<Response> {
    return fetch(`${site.base}/api/contact`, {
      method: 'POST',
      headers: { ...site.headers(), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  it("takes a guest's message, lists it in the admin's inbox and emails it to support", async () => {
    const message = {
      name: 'Jo Maker',
      email: 'jo@maker.example',
      // Short enough that the Subject header is not folded onto a second line.
      subject: 'A pop-up idea',
      category: 'partnership',
      message: 'We would love to list our studio and collaborate on a pop-up.',
    };
    const sent = await send(message);
    expect(sent.status).toBe(201);
    const { id } = (await sent.json()) as { id: number };

    const listed = await fetch(`${site.base}/api/admin/contact-submissions?limit=50&offset=0`, { headers: site.headers('ada') });
    expect(listed.status).toBe(200);
    const submissions = (await listed.json()) as ContactSubmission[];
    expect(submissions.find((submission) => submission.id === id)).toMatchObject({ ...message, status: 'new' });

    await waitFor('the support email', () => inbox.withHeader('X-Hunted-Contact-Submission', String(id)).length > 0);
    const [mail] = inbox.withHeader('X-Hunted-Contact-Submission', String(id));
    expect(mail!.to).toEqual([SUPPORT_EMAIL]);
    expect(mail!.raw).toContain(`Subject: [Hunted contact #${id}] Partnership Opportunity: ${message.subject}`);
  });

  it('answers a form with mistakes 400, naming each field as the form shows it, and stores nothing', async () => {
    const admin = site.headers('ada');
    const before = Number((await fetch(`${site.base}/api/admin/contact-submissions`, { headers: admin })).headers.get('x-total-count'));
    const refused = await send({ name: 'J', email: 'not-an-email', subject: 'Hi', message: 'Too short' });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { errors: Record<string, string> }).errors).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
      subject: 'Subject must be at least 5 characters',
      message: 'Message must be at least 10 characters',
    });
    const after = await fetch(`${site.base}/api/admin/contact-submissions`, { headers: admin });
    expect(Number(after.headers.get('x-total-count'))).toBe(before);
  });
});
