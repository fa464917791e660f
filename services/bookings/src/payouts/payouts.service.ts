import { ConflictException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import {
  PAYOUT_COUNTRY_NAMES,
  PAYOUT_MESSAGES,
  payoutCountryOf,
  payoutsNotAvailableIn,
  type PayoutAccount,
  type PayoutLoginLink,
  type PayoutOnboardingLink,
} from '@hunted/contracts';
import { nowMs, SERVICE_CONFIG, type AuthenticatedUser } from '@hunted/platform';
import type { BookingsConfig } from '../config.js';
import { HunterCopies, type HunterCopy } from '../hunters/hunter-copies.js';
import { accountStateOf, ConnectClient } from './connect-client.js';
import {
  ENABLED_SIMULATED_STATE,
  PayoutAccountsRepository,
  payoutAccountOf,
  simulatedAccountIdOf,
  type PayoutAccountRow,
} from '../store/payout-accounts.repository.js';

/** Where the dashboard's simulated onboarding step is (simulated mode has no Stripe to send the hunter to). */
export const SIMULATED_ONBOARDING_PATH = '/hunter-dashboard?tab=earnings&payouts=simulated';
/** Stripe's return_url: the dashboard's earnings tab, which reads the account again. */
export const ONBOARDING_RETURN_PATH = '/hunter-dashboard?tab=earnings&payouts=return';
/**
 * Stripe's refresh_url: an expired or used link lands on the dashboard's earnings tab, which asks for a fresh one
 * (`POST /api/hunter-payouts/refresh`: a Stripe write, so never a GET a link or a third-party page could trigger).
 */
export const ONBOARDING_REFRESH_PATH = '/hunter-dashboard?tab=earnings&payouts=refresh';

const NOT_STARTED = {
  detailsSubmitted: false,
  chargesEnabled: false,
  payoutsEnabled: false,
  requirementsDue: [],
  disabledReason: null,
};

/**
 * The caller's own payout account (Stripe Connect Express, or the simulated one): one per hunter, created on the
 * first 'Get paid' and the same ever after; only an approved hunter may connect one. Every route reaches the
 * account through the caller's own hunter profile, so no member reads or changes another's.
 */
@Injectable()
export class PayoutsService {
  private readonly logger = new Logger(PayoutsService.name);

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: BookingsConfig,
    private readonly connect: ConnectClient,
    private readonly hunters: HunterCopies,
    private readonly accounts: PayoutAccountsRepository,
  ) {}

  /** The member's own hunter profile; 404 when they have none. */
  async ownHunter(user: AuthenticatedUser): Promise<HunterCopy> {
    const hunter = await this.hunters.findOfUser(user.id);
    if (!hunter) throw new NotFoundException(PAYOUT_MESSAGES.noHunterProfile);
    return hunter;
  }

  async account(user: AuthenticatedUser): Promise<PayoutAccount> {
    const hunter = await this.ownHunter(user);
    const row = await this.accounts.findByHunter(hunter.id);
    return payoutAccountOf(this.connect.mode, row && (await this.withStripeState(row)), this.payoutCountryOf(hunter), hunter.location);
  }

  /**
   * The country the hunter's account is created in: their profile's location's (PAYOUT_COUNTRY_OF_LOCATION), when it
   * is one this platform pays out to (PAYOUT_COUNTRIES), else null.
   */
  payoutCountryOf(hunter: HunterCopy): string | null {
    const country = payoutCountryOf(hunter.location);
    return country !== null && this.config.PAYOUT_COUNTRIES.includes(country) ? country : null;
  }

  /**
   * An account Stripe has not yet reported enabled is read from Stripe as the dashboard shows it (the hunter just
   * came back from onboarding, before `account.updated` arrives, or the Connect endpoint is misconfigured). What
   * Stripe answers now is newer than any event already sent, so it is applied as of now; a later event still wins.
   * The row is the cache: read or refreshed by an applied `account.updated` within `PAYOUT_ACCOUNT_CACHE_SECONDS`,
   * it is answered as it is, so a page polling (or a hunter reloading) costs Stripe one read per account per period,
   * shared by every replica. If Stripe does not answer, the stored state is shown.
   */
  private async withStripeState(row: PayoutAccountRow): Promise<PayoutAccountRow> {
    const stripe = this.connect.stripe;
    if (!stripe || row.mode !== 'stripe' || (row.chargesEnabled && row.payoutsEnabled)) return row;
    if (this.cachedStateFresh(row)) return row;
    try {
      const account = await stripe.accounts.retrieve(row.accountId);
      return (await this.accounts.applyStateNow(row.accountId, accountStateOf(account))) ?? row;
    } catch (error) {
      this.logger.warn(`account ${row.accountId} not read from Stripe: ${(error as Error).message}`);
      return row;
    }
  }

  private cachedStateFresh(row: PayoutAccountRow): boolean {
    if (!row.stateReadAt) return false;
    return nowMs() - new Date(row.stateReadAt).getTime() < this.config.PAYOUT_ACCOUNT_CACHE_SECONDS * 1000;
  }

  /**
   * 'Get paid' (`POST …/onboarding`) and Stripe's refresh (`POST …/refresh`, from the dashboard its refresh_url
   * opens): the account (created once) and a fresh link to Stripe's hosted onboarding, or the simulated step. The
   * hunter is on their way to change the account, so its cached state is dropped: the next read asks Stripe.
   */
  async onboarding(user: AuthenticatedUser): Promise<PayoutOnboardingLink> {
    const account = await this.accountOf(user);
    const stripe = this.connect.stripe;
    if (!stripe) return { url: SIMULATED_ONBOARDING_PATH, expiresAt: null };
    await this.accounts.forgetStateRead(account.accountId);
    const link = await stripe.accountLinks.create({
      account: account.accountId,
      type: 'account_onboarding',
      refresh_url: new URL(ONBOARDING_REFRESH_PATH, this.config.PUBLIC_URL).toString(),
      return_url: new URL(ONBOARDING_RETURN_PATH, this.config.PUBLIC_URL).toString(),
    });
    return { url: link.url, expiresAt: new Date(link.expires_at * 1000).toISOString() };
  }

  /** `POST /api/hunter-payouts/login-link`: the Express dashboard, once the account exists (stripe mode only). */
  async loginLink(user: AuthenticatedUser): Promise<PayoutLoginLink> {
    // Whose account it would be comes first: a member without a profile is told so in either mode.
    const hunter = await this.ownHunter(user);
    const stripe = this.connect.stripe;
    if (!stripe) throw new ConflictException('The simulated payout account has no Stripe dashboard');
    const account = await this.accounts.findByHunter(hunter.id);
    if (!account) throw new ConflictException(PAYOUT_MESSAGES.noAccount);
    const link = await stripe.accounts.createLoginLink(account.accountId);
    return { url: link.url };
  }

  /** Simulated mode's onboarding: one click enables the simulated account (404 in stripe mode). */
  async enableSimulated(user: AuthenticatedUser): Promise<PayoutAccount> {
    if (this.connect.stripe) throw new NotFoundException();
    const account = await this.accountOf(user);
    const enabled = await this.accounts.enableSimulated(account.accountId, ENABLED_SIMULATED_STATE);
    return payoutAccountOf('simulated', enabled);
  }

  /**
   * The caller's account, created on first use. In stripe mode the Express account is created with an idempotency
   * key of the hunter's, and the unique `hunter_id` keeps the first row: two clicks racing get the same account.
   */
  private async accountOf(user: AuthenticatedUser): Promise<PayoutAccountRow> {
    const hunter = await this.ownHunter(user);
    if (hunter.status !== 'approved') throw new ConflictException(PAYOUT_MESSAGES.notApproved);
    const existing = await this.accounts.findByHunter(hunter.id);
    if (existing) return existing;
    const country = this.payoutCountryOf(hunter);
    if (country === null) {
      const known = payoutCountryOf(hunter.location);
      throw new ConflictException(payoutsNotAvailableIn((known && PAYOUT_COUNTRY_NAMES[known]) ?? hunter.location));
    }
    const stripe = this.connect.stripe;
    if (!stripe) {
      return this.accounts.insertOnce(
        { hunterId: hunter.id, userId: hunter.userId, accountId: simulatedAccountIdOf(hunter.id), mode: 'simulated', country },
        NOT_STARTED,
      );
    }
    // Stripe fixes an account's country at creation: the hunter's, as their profile says ('Get paid' shows it).
    const created = await stripe.accounts.create(
      {
        type: 'express',
        country,
        ...(user.email ? { email: user.email } : {}),
        capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
        metadata: { hunterId: String(hunter.id) },
      },
      { idempotencyKey: `hunter:${hunter.id}:payout-account` },
    );
    return this.accounts.insertOnce(
      { hunterId: hunter.id, userId: hunter.userId, accountId: created.id, mode: 'stripe', country },
      accountStateOf(created),
    );
  }
}
