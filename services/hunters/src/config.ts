import { baseEnvSchema, dailyUploadQuotaEnv, demoDataEnv, loadEnv } from '@hunted/platform';
import { CURRENCIES, type Currency, type ReferenceRates } from '@hunted/contracts';
import { z } from 'zod';

/**
 * The listing's reference rates (decision 0105): pence of one whole unit of each currency, as of a date. They only
 * place hunters pricing in other currencies in the price bands and sorts (which are in pounds); nobody is charged at
 * them. Replace them with HUNTER_REFERENCE_RATES (the same JSON), e.g. monthly from the ECB's reference rates.
 */
export const DEFAULT_REFERENCE_RATES: ReferenceRates = {
  asOf: '2026-12-01',
  pencePerUnit: { GBP: 100, EUR: 85, SEK: 7.3, DKK: 11.4, NOK: 7.1, CHF: 90, PLN: 19.8 },
};

const referenceRatesSchema = z.strictObject({
  asOf: z.iso.date({ error: 'asOf must be the date of the rates (YYYY-MM-DD)' }),
  pencePerUnit: z.strictObject(
    Object.fromEntries(CURRENCIES.map((currency) => [currency, z.number({ error: `${currency} needs a rate` }).positive()])) as Record<
      Currency,
      z.ZodNumber
    >,
  ),
}).refine((rates) => rates.pencePerUnit.GBP === 100, { error: 'GBP must be 100 pence per pound' });

const referenceRatesEnv = z
  .string()
  .optional()
  .transform((text, ctx): ReferenceRates => {
    if (text === undefined || text.trim() === '') return DEFAULT_REFERENCE_RATES;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be JSON: {"asOf":"YYYY-MM-DD","pencePerUnit":{"GBP":100,"EUR":85,…}}' });
      return z.NEVER;
    }
    const parsed = referenceRatesSchema.safeParse(json);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: parsed.error.issues.map((issue) => issue.message).join('; ') });
      return z.NEVER;
    }
    return parsed.data as ReferenceRates;
  });

export const huntersEnvSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(3004),
  /** Load the demo hunters into an empty database at start (see demoDataEnabled). */
  ...demoDataEnv,
  /** Profile photos a member may upload per London day, and their megabytes (429 beyond; decision 0091). */
  ...dailyUploadQuotaEnv('HUNTER_PHOTOS', { perDay: 30, megabytesPerDay: 50 }),
  /** Hunter Edit item photos a hunter may upload per London day, and their megabytes (an edit has up to 12 items). */
  ...dailyUploadQuotaEnv('EDIT_PHOTOS', { perDay: 60, megabytesPerDay: 100 }),
  /** The listing's reference rates across currencies (DEFAULT_REFERENCE_RATES; decision 0105). */
  HUNTER_REFERENCE_RATES: referenceRatesEnv,
});

export type HuntersConfig = z.infer<typeof huntersEnvSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): HuntersConfig {
  return loadEnv(huntersEnvSchema, 'hunters', env);
}
