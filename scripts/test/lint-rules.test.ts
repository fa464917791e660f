import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint rules of issue 9 fail on a deliberate violation: each snippet is linted with the repository's own
 * eslint.config.mjs, as the file it pretends to be. Typed rules need a file their tsconfig.json includes, so the
 * snippets borrow the paths of real files (ESLint lints the text given, not what is on disk).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
// With CI=true typescript-eslint infers a single run and types files as they are on disk, not the text given here
// (the snippet would never be seen), so that inference is turned off for these checks.
const lintingText = { languageOptions: { parserOptions: { disallowAutomaticSingleRunInference: true } } };
const eslint = new ESLint({ cwd: root, overrideConfig: lintingText });

async function ruleIdsOf(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  const messages = result?.messages ?? [];
  const fatal = messages.find((message) => message.fatal);
  if (fatal) throw new Error(`${filePath}: ${fatal.message}`);
  return messages.map((message) => message.ruleId ?? '');
}

const restricted = 'import-x/no-restricted-paths';

describe('lint rules', { timeout: 180_000 }, () => {
  it('forbids a web feature to import another feature, by alias or by relative path', async () => {
    const file = 'web/src/features/reviews/api/query-keys.ts';
    expect(await ruleIdsOf("export { brandKeys } from '@/features/brands/api/query-keys';\n", file)).toContain(
      restricted,
    );
    expect(await ruleIdsOf("export { brandKeys } from '../../brands/api/query-keys';\n", file)).toContain(restricted);
    // Within the feature, and from the shared folders, imports stay allowed.
    expect(
      await ruleIdsOf("export { commentKeys } from './query-keys';\nexport { cn } from '@/components/ui/cn';\n", file),
    ).toEqual([]);
  });

  it('forbids a web feature to import app/, and the shared folders to import features or app/', async () => {
    expect(
      await ruleIdsOf("export { routes } from '@/app/router';\n", 'web/src/features/brands/api/query-keys.ts'),
    ).toContain(restricted);
    expect(
      await ruleIdsOf("export { brandKeys } from '@/features/brands/api/query-keys';\n", 'web/src/lib/query-pages.ts'),
    ).toContain(restricted);
    // app/ is where features meet.
    expect(
      await ruleIdsOf(
        "export { brandKeys } from '@/features/brands/api/query-keys';\n",
        'web/src/app/routes/brand.tsx',
      ),
    ).toEqual([]);
  });

  it("keeps bookings' floors: the store imports no feature or view, views import no feature", async () => {
    const store = 'services/bookings/src/store/booking-rules.ts';
    const views = 'services/bookings/src/views/booking-views.ts';
    const feature = "import type { SlotsService } from '../slots/slots.service.js';\nexport type S = SlotsService;\n";
    const view = "import type { BookingViews } from '../views/booking-views.js';\nexport type V = BookingViews;\n";
    expect(await ruleIdsOf(feature, store)).toContain(restricted);
    expect(await ruleIdsOf(view, 'services/bookings/src/store/booking-rows.ts')).toContain(restricted);
    expect(await ruleIdsOf(feature, views)).toContain(restricted);
    // Down a floor, and within one, imports stay allowed.
    const rows = "import type { BookingRow } from '../store/booking-rows.js';\nexport type R = BookingRow;\n";
    expect(await ruleIdsOf(rows, views)).toEqual([]);
    expect(await ruleIdsOf(rows, 'services/bookings/src/session-actions/session-refusals.ts')).toEqual([]);
    expect(await ruleIdsOf(view, 'services/bookings/src/disputes/admin-disputes.service.ts')).toEqual([]);
  });

  it("keeps hunters' floors: the store imports no feature, a feature imports no other feature", async () => {
    const vetting =
      "import type { VettingService } from '../vetting/vetting.service.js';\nexport type V = VettingService;\n";
    // Upward from the store, and across: the profile taking vetting's service (what it once did with its repository).
    expect(await ruleIdsOf(vetting, 'services/hunters/src/store/hunter-input.ts')).toContain(restricted);
    expect(await ruleIdsOf(vetting, 'services/hunters/src/hunters/hunters.service.ts')).toContain(restricted);
    const edits =
      "import type { HunterEditsService } from '../../edits/hunter-edits.service.js';\nexport type E = HunterEditsService;\n";
    expect(await ruleIdsOf(edits, 'services/hunters/src/sessions/events/booking-completed.handler.ts')).toContain(
      restricted,
    );
    // Down to the store, within a feature, and from demo/ at the top, imports stay allowed.
    const store =
      "import type { HunterRepository } from '../store/hunter.repository.js';\nexport type H = HunterRepository;\n";
    expect(await ruleIdsOf(store, 'services/hunters/src/known-brands/go-to-brands.service.ts')).toEqual([]);
    const own = "import type { VettingService } from './vetting.service.js';\nexport type V = VettingService;\n";
    expect(await ruleIdsOf(own, 'services/hunters/src/vetting/vetting.module.ts')).toEqual([]);
    const availability =
      "import type { AvailabilityRepository } from '../availability/availability.repository.js';\nexport type A = AvailabilityRepository;\n";
    expect(await ruleIdsOf(availability, 'services/hunters/src/demo/demo-data.seeder.ts')).toEqual([]);
    // The export and erasure sit on top too: the erasure deletes a member's edits through their owner.
    const editOwner =
      "import type { HunterEditRepository } from '../edits/hunter-edit.repository.js';\nexport type E = HunterEditRepository;\n";
    expect(await ruleIdsOf(editOwner, 'services/hunters/src/your-data/hunters-data-eraser.ts')).toEqual([]);
  });

  it("keeps messaging's floors: the copies, mail/ and live/ import no feature", async () => {
    const planner =
      "import type { BookingEmailPlanner } from '../../booking-emails/booking-email-planner.js';\nexport type P = BookingEmailPlanner;\n";
    const conversations =
      "import type { ConversationRepository } from '../conversations/conversation.repository.js';\nexport type C = ConversationRepository;\n";
    // A copy's handler reaching up into a feature, the ledger into a feature, live delivery into conversations.
    expect(await ruleIdsOf(planner, 'services/messaging/src/hunters/events/hunter-created.handler.ts')).toContain(
      restricted,
    );
    expect(await ruleIdsOf(conversations, 'services/messaging/src/mail/outbound-emails.repository.ts')).toContain(
      restricted,
    );
    expect(await ruleIdsOf(conversations, 'services/messaging/src/live/live-delivery.ts')).toContain(restricted);
    expect(await ruleIdsOf(conversations, 'services/messaging/src/bookings/messaging-bookings.ts')).toContain(
      restricted,
    );
    // Within the ground floor, and from a feature down to it (or across features), imports stay allowed.
    const members = "import type { MemberCopies } from '../users/member-copies.js';\nexport type M = MemberCopies;\n";
    expect(await ruleIdsOf(members, 'services/messaging/src/mail/member-email.ts')).toEqual([]);
    expect(await ruleIdsOf(members, 'services/messaging/src/contact/contact.service.ts')).toEqual([]);
    expect(await ruleIdsOf(conversations, 'services/messaging/src/booking-emails/booking-email-planner.ts')).toEqual(
      [],
    );
  });

  it('lets only lib/api-client.ts call fetch in the web app', async () => {
    const call = "export const answer = fetch('/api/brands');\n";
    expect(await ruleIdsOf(call, 'web/src/features/brands/api/get-brand.ts')).toContain('no-restricted-globals');
    expect(await ruleIdsOf(call, 'web/src/lib/api-client.ts')).toEqual([]);
  });

  it('wants kebab-case file and folder names', async () => {
    // A made-up path is not in any tsconfig.json, so this one is linted without types (the name rules need none).
    const untyped = new ESLint({
      cwd: root,
      overrideConfig: {
        languageOptions: { parserOptions: { projectService: false, project: null } },
        rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
      },
    });
    const lint = async (filePath: string) =>
      (await untyped.lintText('export const answer = 42;\n', { filePath }))[0]?.messages.map(
        (message) => message.ruleId,
      );
    expect(await lint('web/src/features/brands/api/getBrand.ts')).toContain('check-file/filename-naming-convention');
    expect(await lint('services/brands/src/Brands/brands.service.ts')).toContain('check-file/folder-naming-convention');
    expect(await lint('services/brands/src/brands/brand-query.dto.ts')).toEqual([]);
  });

  it('reports a floating promise and a misused one, in the web app and in a service, a lib or a test alike', async () => {
    const floating = 'async function save(): Promise<void> {}\nexport function run(): void {\n  save();\n}\n';
    const misused = 'export function check(ready: Promise<boolean>): string {\n  return ready ? "yes" : "no";\n}\n';
    for (const file of [
      'web/src/lib/query-pages.ts',
      'libs/platform/src/index.ts',
      'libs/platform/src/config/env.spec.ts',
      'scripts/test/supervisor.test.ts',
    ]) {
      expect(await ruleIdsOf(floating, file), file).toContain('@typescript-eslint/no-floating-promises');
      expect(await ruleIdsOf(misused, file), file).toContain('@typescript-eslint/no-misused-promises');
    }
    const handler =
      'async function send(): Promise<void> {}\nexport const button = { onClick: send } satisfies { onClick: () => void };\n';
    expect(await ruleIdsOf(handler, 'web/src/lib/query-pages.ts')).toContain('@typescript-eslint/no-misused-promises');
    // Marked as deliberately not awaited: fine.
    expect(
      await ruleIdsOf(
        'async function save(): Promise<void> {}\nexport function run(): void {\n  void save();\n}\n',
        'web/src/lib/query-pages.ts',
      ),
    ).toEqual([]);
  });
});
