import { OPTIONAL_EMAIL_KINDS } from '@hunted/contracts';
import type { QueryRunner } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { migrations } from '../database/migrations/index.js';
import { EMAIL_KIND_SWITCHES, switchOf } from '../mail/email-kinds.js';
import { EmailTemplates } from '../mail/email-templates.js';

/** The kinds the ledger's check constraint allows after every migration ran, read from the migrations' own SQL. */
async function kindsTheLedgerAllows(): Promise<string[]> {
  let latest: string | undefined;
  const runner = {
    query: async (sql: string) => {
      const found = /add constraint outbound_emails_kind_check\s+check \(kind in \(([\s\S]*?)\)\)/.exec(sql);
      if (found) latest = found[1];
      return [];
    },
  } as unknown as QueryRunner;
  for (const Migration of migrations) await new Migration().up(runner);
  return [...(latest ?? '').matchAll(/'([a-z0-9_]+)'/g)].map((m) => m[1]!).sort();
}

describe('which switch governs each kind of email', () => {
  it('classifies every kind the ledger can hold, and nothing else', async () => {
    expect(Object.keys(EMAIL_KIND_SWITCHES).sort()).toEqual(await kindsTheLedgerAllows());
  });

  it('names only optional kinds of the contract, or always', () => {
    for (const governed of Object.values(EMAIL_KIND_SWITCHES))
      expect([...OPTIONAL_EMAIL_KINDS, 'always']).toContain(governed);
  });

  it('lets members turn off nudges, review requests, Hunter Edits and Pick emails, never booking or account emails', () => {
    expect(switchOf('message_nudge')).toBe('message-nudges');
    expect(switchOf('review_request')).toBe('review-requests');
    expect(switchOf('edit_sent')).toBe('hunter-edits');
    expect(switchOf('publish_requested')).toBe('hunter-edits');
    expect(switchOf('pick_chosen')).toBe('hunters-pick');
    for (const kind of ['confirmation', 'cancellation', 'refund', 'reminder_1h', 'vetting_suspend', 'export_ready'])
      expect(switchOf(kind)).toBeNull();
  });

  it('refuses to register a template of a kind nobody classified', () => {
    const templates = new EmailTemplates();
    expect(() =>
      templates.register({ kinds: ['newsletter'], retries: () => ({ attempts: 1, backoffMs: 1 }), compose: async () => ({}) }),
    ).toThrow(/newsletter is not classified/);
  });
});
