import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CURRENCIES, CURRENCY_FACTS, PAYOUT_COUNTRIES, settlementCurrenciesOf, type Currency } from '@hunted/contracts';
import Stripe from 'stripe';

/**
 * Presentment currencies the fake takes (Stripe takes 135+; these are the marketplace's, decision 0105, plus USD so
 * a test can send one the marketplace never uses): anything else is refused as Stripe refuses an unknown currency.
 */
const KNOWN_CURRENCIES: ReadonlySet<string> = new Set([...CURRENCIES.map((c) => c.toLowerCase()), 'usd']);

/**
 * A small in-memory stand-in for Stripe's API, for the integration tests (npm has no usable stripe-mock, and
 * stripe-stateful-mock has no PaymentIntents). The real `stripe` SDK talks to it over HTTP (`host`, `port`,
 * `protocol`), so what is tested is our code and the SDK's real requests: form-encoded bodies, the
 * `Idempotency-Key` header, Stripe's error shapes, and webhooks signed exactly as Stripe signs them.
 *
 * It does what these routes of Stripe do, no more:
 * - `POST /v1/payment_intents`, `GET /v1/payment_intents/:id`, `POST /v1/payment_intents/:id/cancel`,
 *   `POST /v1/payment_intents/:id/confirm` (any payment method succeeds: a test card), `POST /v1/refunds`;
 * - a POST with an `Idempotency-Key` seen before gets the first answer again (`Idempotent-Replayed: true`); the
 *   same key with other parameters is a 400 `idempotency_error`, as at Stripe;
 * - a confirm records `payment_intent.succeeded` and a refund `refund.created` and `charge.refunded` (and
 *   `settleRefund` the bank's later `refund.updated` / `refund.failed`), which `deliver()` posts to a webhook URL
 *   with a `Stripe-Signature` from `Stripe.webhooks.generateTestHeaderString`.
 * - Connect: `POST /v1/accounts` (Express), `GET|POST|DELETE /v1/accounts/:id` (a delete refused while the account is
 *   in `accountsWithBalance`, as Stripe refuses a live account whose balances are not zero), `POST /v1/accounts/:id/login_links`,
 *   `POST /v1/account_links`; an intent's `transfer_data[destination]` and `application_fee_amount` make, on
 *   confirm, a transfer to the connected account and an application fee object; a refund's `reverse_transfer` and
 *   `refund_application_fee` reverse the transfer and refund the fee in proportion (both recorded). Tests change an
 *   account (`updateAccount`) or pay it out (`payout`), which raise Connect events (`account` set) that
 *   `deliverConnect()` signs with the Connect endpoint's own secret.
 */

export type StripeObject = Record<string, unknown> & { id: string };

export interface StripeEventBody {
  id: string;
  object: 'event';
  /** Connect events: the connected account the event is about. */
  account?: string;
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
  data: { object: StripeObject };
}

export interface FakeStripeRequest {
  method: string;
  path: string;
  params: Record<string, unknown>;
  idempotencyKey: string | null;
  authorization: string | undefined;
}

export interface DeliveryOptions {
  /** Unix seconds the signature says it was made at (now unless given): an old one tests the tolerance. */
  timestamp?: number;
  /** Sign with another secret than the endpoint's (a forged or misconfigured sender). */
  secret?: string;
  /** Send this header instead of a signature (or null: none at all). */
  signatureHeader?: string | null;
}

interface Answer {
  status: number;
  body: unknown;
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly code: string | undefined,
    message: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

// Stripe cancels `processing` only "in rare cases" (some bank debits); the fake takes the common case: it refuses.
const CANCELABLE = new Set(['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action']);
const CONFIRMABLE = new Set(['requires_payment_method', 'requires_confirmation']);

const nowSeconds = () => Math.floor(Date.now() / 1000);
const idOf = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * Stripe's form encoding as the SDK writes it (`metadata[bookingId]=…`, `expand[0]=…`) into nested objects. Array
 * indices stay object keys: no route here takes an array.
 */
export function parseStripeForm(body: string): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split('[').map((part) => part.replace(/\]$/, ''));
    let node = params;
    for (const segment of path.slice(0, -1)) {
      const next = node[segment];
      node = (typeof next === 'object' && next !== null ? next : (node[segment] = {})) as Record<string, unknown>;
    }
    node[path[path.length - 1]!] = value;
  }
  return params;
}

function positiveInteger(value: unknown, param: string): number {
  const amount = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(amount) || amount < 1) {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      'parameter_invalid_integer',
      `Invalid positive integer: ${param}`,
      param,
    );
  }
  return amount;
}

function stringMap(value: unknown): Record<string, string> {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null)
    throw new StripeApiError(400, 'invalid_request_error', 'parameter_invalid', 'Invalid metadata', 'metadata');
  return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, String(entry)]));
}

export class FakeStripe {
  readonly secretKey = 'sk_test_fake_stripe';
  readonly publishableKey = 'pk_test_fake_stripe';
  readonly webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  /** The Connect endpoint's own signing secret (Stripe gives each endpoint one). */
  readonly connectWebhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  readonly apiVersion = '2026-10-28.endive';

  readonly intents = new Map<string, StripeObject>();
  readonly charges = new Map<string, StripeObject>();
  readonly refunds = new Map<string, StripeObject>();
  readonly accounts = new Map<string, StripeObject>();
  readonly accountLinks: StripeObject[] = [];
  readonly loginLinks: StripeObject[] = [];
  readonly applicationFees = new Map<string, StripeObject>();
  readonly transfers = new Map<string, StripeObject>();
  readonly payouts = new Map<string, StripeObject>();
  /** Every event the objects' changes raised, oldest first (Stripe would queue these for each endpoint). */
  readonly events: StripeEventBody[] = [];
  /** The status a new refund starts in: `succeeded` (a card refund, at once) unless a test wants it `pending`. */
  nextRefundStatus: 'succeeded' | 'pending' = 'succeeded';
  /** Every API request as it arrived, for tests that check what the SDK sent. */
  readonly requests: FakeStripeRequest[] = [];
  /**
   * Payment intents whose refunds Stripe cannot make now: `POST /v1/refunds` for one answers 500 `api_error` before
   * the endpoint begins, so no idempotent result is saved (as Stripe saves none then) and a later retry with the same
   * key runs for real once the intent is taken out of the set.
   */
  readonly refundFailures = new Set<string>();
  /** Connected accounts whose balance is not zero: `DELETE /v1/accounts/:id` refuses them (400). */
  readonly accountsWithBalance = new Set<string>();

  private readonly answered = new Map<string, { fingerprint: string; answer: Answer }>();
  private readonly server = http.createServer((req, res) => this.receive(req, res));
  private port = 0;

  /** Starts on a free port of 127.0.0.1. */
  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The variables that point bookings' SDK here, with keys in stripe mode. */
  env(): Record<string, string> {
    return {
      STRIPE_SECRET_KEY: this.secretKey,
      STRIPE_PUBLISHABLE_KEY: this.publishableKey,
      STRIPE_WEBHOOK_SECRET: this.webhookSecret,
      STRIPE_CONNECT_WEBHOOK_SECRET: this.connectWebhookSecret,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(this.port),
      STRIPE_API_PROTOCOL: 'http',
    };
  }

  /** An SDK client pointed here, as bookings builds its own. */
  client(): Stripe {
    return new Stripe(this.secretKey, {
      host: '127.0.0.1',
      port: this.port,
      protocol: 'http',
      maxNetworkRetries: 0,
      telemetry: false,
    });
  }

  /** The latest event of a type about an object (what Stripe would deliver for it). */
  eventFor(type: string, objectId: string): StripeEventBody {
    const event = [...this.events]
      .reverse()
      .find((candidate) => candidate.type === type && candidate.data.object.id === objectId);
    if (!event) throw new Error(`no ${type} event for ${objectId}`);
    return event;
  }

  /**
   * Posts an event to a webhook endpoint as Stripe does: the JSON body, `Content-Type: application/json;
   * charset=utf-8` and `Stripe-Signature: t=…,v1=…` over exactly those bytes.
   */
  async deliver(
    url: string,
    event: StripeEventBody,
    options: DeliveryOptions = {},
  ): Promise<{ status: number; body: string }> {
    const payload = JSON.stringify(event, null, 2);
    const signature =
      options.signatureHeader !== undefined
        ? options.signatureHeader
        : Stripe.webhooks.generateTestHeaderString({
            payload,
            secret: options.secret ?? this.webhookSecret,
            ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
          });
    const headers: Record<string, string> = {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    };
    if (signature !== null) headers['stripe-signature'] = signature;
    const response = await fetch(url, { method: 'POST', headers, body: payload });
    return { status: response.status, body: await response.text() };
  }

  /** Posts a Connect event to the Connect endpoint, signed with its own secret. */
  deliverConnect(url: string, event: StripeEventBody, options: DeliveryOptions = {}) {
    return this.deliver(url, event, { secret: this.connectWebhookSecret, ...options });
  }

  /**
   * The connected account changes as the hunter finishes onboarding (or Stripe asks for more): raises
   * `account.updated` with `account` set, `created` at `at` (Unix seconds; now unless given).
   */
  updateAccount(
    accountId: string,
    change: {
      details_submitted?: boolean;
      charges_enabled?: boolean;
      payouts_enabled?: boolean;
      currently_due?: string[];
      disabled_reason?: string | null;
    },
    at?: number,
  ): StripeEventBody {
    const account = this.accounts.get(accountId) ?? this.newAccount(accountId, {});
    const { currently_due, disabled_reason, ...flags } = change;
    Object.assign(account, flags);
    const requirements = account.requirements as Record<string, unknown>;
    if (currently_due) requirements.currently_due = currently_due;
    if (disabled_reason !== undefined) requirements.disabled_reason = disabled_reason;
    return this.raise('account.updated', account, null, { account: accountId, created: at });
  }

  /** A payout of the connected account's balance to its bank: `payout.created`, then each later status. */
  payout(
    accountId: string,
    payout: {
      id?: string;
      amount: number;
      status: 'pending' | 'in_transit' | 'paid' | 'failed' | 'canceled';
      arrival_date: number;
    },
    at?: number,
  ): StripeEventBody {
    const id = payout.id ?? idOf('po');
    const existing = this.payouts.get(id);
    const object: StripeObject = existing ?? {
      id,
      object: 'payout',
      amount: payout.amount,
      arrival_date: payout.arrival_date,
      created: nowSeconds(),
      currency: 'gbp',
      livemode: false,
      metadata: {},
      status: payout.status,
    };
    Object.assign(object, { status: payout.status, arrival_date: payout.arrival_date, amount: payout.amount });
    this.payouts.set(id, object);
    const type = !existing
      ? 'payout.created'
      : ['paid', 'failed', 'canceled'].includes(payout.status)
        ? `payout.${payout.status}`
        : 'payout.updated';
    return this.raise(type, object, null, { account: accountId, created: at });
  }

  /** Records an event about an object's current state (also for tests that need an event type the routes don't raise). */
  raise(
    type: string,
    object: StripeObject,
    idempotencyKey: string | null = null,
    connect: { account?: string; created?: number | undefined } = {},
  ): StripeEventBody {
    const event: StripeEventBody = {
      id: idOf('evt'),
      object: 'event',
      ...(connect.account ? { account: connect.account } : {}),
      api_version: this.apiVersion,
      created: connect.created ?? nowSeconds(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: idOf('req'), idempotency_key: idempotencyKey },
      type,
      data: { object: structuredClone(object) },
    };
    this.events.push(event);
    return event;
  }

  private receive(req: http.IncomingMessage, res: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake-stripe');
      const method = req.method ?? 'GET';
      const form = Buffer.concat(chunks).toString('utf8');
      const params = parseStripeForm(method === 'GET' ? url.search.slice(1) : form);
      const idempotencyKey =
        method === 'POST' ? ((req.headers['idempotency-key'] as string | undefined) ?? null) : null;
      this.requests.push({
        method,
        path: url.pathname,
        params,
        idempotencyKey,
        authorization: req.headers.authorization,
      });

      let answer: Answer;
      let replayed = false;
      const fingerprint = `${method} ${url.pathname} ${form}`;
      const earlier = idempotencyKey === null ? undefined : this.answered.get(idempotencyKey);
      const refused =
        method === 'POST' &&
        url.pathname === '/v1/refunds' &&
        typeof params.payment_intent === 'string' &&
        this.refundFailures.has(params.payment_intent);
      if (refused) {
        answer = this.errorAnswer(
          new StripeApiError(500, 'api_error', undefined, 'An unknown error occurred (the fake refuses this refund).'),
        );
      } else if (earlier && earlier.fingerprint === fingerprint) {
        answer = earlier.answer;
        replayed = true;
      } else if (earlier) {
        answer = this.errorAnswer(
          new StripeApiError(
            400,
            'idempotency_error',
            undefined,
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          ),
        );
      } else {
        answer = this.answer(method, url.pathname, params, req.headers.authorization, idempotencyKey);
        // Stripe saves the result of every request that began executing, errors included (not a 401 or 429).
        if (idempotencyKey !== null && answer.status !== 401)
          this.answered.set(idempotencyKey, { fingerprint, answer });
      }
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'request-id': idOf('req'),
        'stripe-version': this.apiVersion,
      };
      if (idempotencyKey !== null) headers['idempotency-key'] = idempotencyKey;
      if (replayed) headers['idempotent-replayed'] = 'true';
      // Stripe's hint to its SDKs: the refused refund is the caller's to ask again later, not the SDK's at once.
      if (refused) headers['stripe-should-retry'] = 'false';
      res.writeHead(answer.status, headers);
      res.end(JSON.stringify(answer.body));
    });
  }

  private answer(
    method: string,
    path: string,
    params: Record<string, unknown>,
    authorization: string | undefined,
    idempotencyKey: string | null,
  ): Answer {
    try {
      if (authorization !== `Bearer ${this.secretKey}`) {
        throw new StripeApiError(401, 'invalid_request_error', undefined, 'Invalid API Key provided');
      }
      const route = `${method} ${path.replace(/^\/v1\/(payment_intents|accounts)\/[^/]+/, '/v1/$1/:id')}`;
      const id = /^\/v1\/(?:payment_intents|accounts)\/([^/]+)/.exec(path)?.[1];
      switch (route) {
        case 'POST /v1/accounts':
          return { status: 200, body: this.createAccount(params, idempotencyKey) };
        case 'GET /v1/accounts/:id':
          return { status: 200, body: this.account(id!) };
        case 'POST /v1/accounts/:id':
          return { status: 200, body: this.account(id!) };
        case 'DELETE /v1/accounts/:id':
          return { status: 200, body: this.deleteAccount(id!) };
        case 'POST /v1/accounts/:id/login_links':
          return { status: 200, body: this.createLoginLink(id!) };
        case 'POST /v1/account_links':
          return { status: 200, body: this.createAccountLink(params) };
        case 'POST /v1/payment_intents':
          return { status: 200, body: this.createIntent(params, idempotencyKey) };
        case 'GET /v1/payment_intents/:id':
          return { status: 200, body: this.intent(id!) };
        case 'POST /v1/payment_intents/:id/cancel':
          return { status: 200, body: this.cancelIntent(id!, params) };
        case 'POST /v1/payment_intents/:id/confirm':
          return { status: 200, body: this.confirmIntent(id!, idempotencyKey) };
        case 'POST /v1/refunds':
          return { status: 200, body: this.createRefund(params, idempotencyKey) };
        default:
          throw new StripeApiError(
            404,
            'invalid_request_error',
            undefined,
            `Unrecognized request URL (${method}: ${path}).`,
          );
      }
    } catch (error) {
      if (error instanceof StripeApiError) return this.errorAnswer(error);
      throw error;
    }
  }

  private errorAnswer(error: StripeApiError): Answer {
    return {
      status: error.status,
      body: {
        error: {
          type: error.type,
          message: error.message,
          ...(error.code ? { code: error.code } : {}),
          ...(error.param ? { param: error.param } : {}),
        },
      },
    };
  }

  private newAccount(id: string, params: Record<string, unknown>): StripeObject {
    const account: StripeObject = {
      id,
      object: 'account',
      type: (params.type as string | undefined) ?? 'express',
      country: (params.country as string | undefined) ?? 'GB',
      email: (params.email as string | undefined) ?? null,
      capabilities: Object.fromEntries(
        Object.keys((params.capabilities as object | undefined) ?? {}).map((name) => [name, 'inactive']),
      ),
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      created: nowSeconds(),
      metadata: stringMap(params.metadata),
      requirements: {
        currently_due: ['business_profile.url', 'external_account', 'individual.dob.day', 'tos_acceptance.date'],
        disabled_reason: 'requirements.past_due',
      },
    };
    this.accounts.set(id, account);
    return account;
  }

  private createAccount(params: Record<string, unknown>, idempotencyKey: string | null): StripeObject {
    if (params.type !== 'express' && params.type !== 'standard' && params.type !== 'custom') {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'parameter_missing',
        'Missing required param: type.',
        'type',
      );
    }
    // A UK platform creates connected accounts where cross-border payouts reach (the UK, the EEA, Switzerland).
    const country = params.country;
    if (country !== undefined && (typeof country !== 'string' || !(PAYOUT_COUNTRIES as readonly string[]).includes(country))) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'country_unsupported',
        `Connected accounts in ${String(country)} are not supported for platforms in GB.`,
        'country',
      );
    }
    const account = this.newAccount(idOf('acct'), params);
    this.raise('account.updated', account, idempotencyKey, { account: account.id });
    return account;
  }

  private account(id: string): StripeObject {
    const account = this.accounts.get(id);
    if (!account) {
      throw new StripeApiError(404, 'invalid_request_error', 'resource_missing', `No such account: '${id}'`, 'account');
    }
    return account;
  }

  private deleteAccount(id: string): StripeObject {
    this.account(id);
    if (this.accountsWithBalance.has(id)) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        undefined,
        'This account cannot be deleted because its balance is not zero.',
      );
    }
    this.accounts.delete(id);
    return { id, object: 'account', deleted: true };
  }

  /** An Account Link: single use, expiring after 300 seconds, as Stripe's. */
  private createAccountLink(params: Record<string, unknown>): StripeObject {
    const account = this.account(String(params.account));
    for (const param of ['refresh_url', 'return_url', 'type'] as const) {
      if (typeof params[param] !== 'string') {
        throw new StripeApiError(
          400,
          'invalid_request_error',
          'parameter_missing',
          `Missing required param: ${param}.`,
          param,
        );
      }
    }
    const link: StripeObject = {
      id: idOf('acctlink'),
      object: 'account_link',
      account: account.id,
      created: nowSeconds(),
      expires_at: nowSeconds() + 300,
      refresh_url: params.refresh_url,
      return_url: params.return_url,
      type: params.type,
      url: `https://connect.stripe.com/setup/e/${account.id}/${randomBytes(12).toString('hex')}`,
    };
    this.accountLinks.push(link);
    return link;
  }

  private createLoginLink(accountId: string): StripeObject {
    const account = this.account(accountId);
    if (account.type !== 'express') {
      throw new StripeApiError(400, 'invalid_request_error', undefined, 'Login links are for Express accounts only.');
    }
    const link: StripeObject = {
      id: idOf('lael'),
      object: 'login_link',
      created: nowSeconds(),
      url: `https://connect.stripe.com/express/${randomBytes(12).toString('hex')}`,
    };
    this.loginLinks.push(link);
    return link;
  }

  private intent(id: string): StripeObject {
    const intent = this.intents.get(id);
    if (!intent)
      throw new StripeApiError(
        404,
        'invalid_request_error',
        'resource_missing',
        `No such payment_intent: '${id}'`,
        'intent',
      );
    return intent;
  }

  private createIntent(params: Record<string, unknown>, idempotencyKey: string | null): StripeObject {
    const amount = positiveInteger(params.amount, 'amount');
    if (typeof params.currency !== 'string' || !/^[a-z]{3}$/.test(params.currency)) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'parameter_missing',
        'Missing required param: currency.',
        'currency',
      );
    }
    if (!KNOWN_CURRENCIES.has(params.currency)) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'parameter_invalid',
        `Invalid currency: ${params.currency}. Stripe currently supports these currencies: ${[...KNOWN_CURRENCIES].join(', ')}`,
        'currency',
      );
    }
    const facts = CURRENCY_FACTS[params.currency.toUpperCase() as Currency] as (typeof CURRENCY_FACTS)[Currency] | undefined;
    if (facts && amount < facts.stripeMinimumMinor) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'amount_too_small',
        `Amount must be at least ${(facts.stripeMinimumMinor / 10 ** facts.exponent).toFixed(facts.exponent)} ${params.currency}`,
        'amount',
      );
    }
    const transferData = params.transfer_data as Record<string, unknown> | undefined;
    const destination = transferData?.destination;
    // A destination account settles only some currencies (decision 0105: its own, EUR and GBP in the fake).
    const destinationAccount = typeof destination === 'string' ? this.accounts.get(destination) : undefined;
    if (destinationAccount && !(settlementCurrenciesOf(String(destinationAccount.country)) as string[]).includes(params.currency.toUpperCase())) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'parameter_invalid',
        `The destination account in ${String(destinationAccount.country)} cannot settle charges in ${params.currency}.`,
        'currency',
      );
    }
    if (transferData && (typeof destination !== 'string' || !destination.startsWith('acct_'))) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'parameter_invalid',
        'Invalid transfer_data[destination]',
        'transfer_data[destination]',
      );
    }
    let applicationFee: number | null = null;
    if (params.application_fee_amount !== undefined) {
      applicationFee = /^\d+$/.test(String(params.application_fee_amount))
        ? Number(params.application_fee_amount)
        : NaN;
      if (Number.isNaN(applicationFee) || applicationFee > amount) {
        throw new StripeApiError(
          400,
          'invalid_request_error',
          'parameter_invalid',
          'The application fee must not exceed the amount.',
          'application_fee_amount',
        );
      }
    }
    const id = idOf('pi');
    const automatic = params.automatic_payment_methods as Record<string, unknown> | undefined;
    const intent: StripeObject = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      automatic_payment_methods: automatic ? { enabled: automatic.enabled === 'true' } : null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      created: nowSeconds(),
      currency: params.currency,
      latest_charge: null,
      livemode: false,
      metadata: stringMap(params.metadata),
      payment_method: null,
      status: 'requires_payment_method',
      transfer_data: typeof destination === 'string' ? { destination } : null,
      application_fee_amount: applicationFee,
    };
    this.intents.set(id, intent);
    this.raise('payment_intent.created', intent, idempotencyKey);
    return intent;
  }

  private cancelIntent(id: string, params: Record<string, unknown>): StripeObject {
    const intent = this.intent(id);
    if (!CANCELABLE.has(intent.status as string)) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'payment_intent_unexpected_state',
        `You cannot cancel this PaymentIntent because it has a status of ${String(intent.status)}. Only a PaymentIntent with one of the following statuses may be canceled: ${[...CANCELABLE].join(', ')}.`,
      );
    }
    Object.assign(intent, {
      status: 'canceled',
      canceled_at: nowSeconds(),
      cancellation_reason: (params.cancellation_reason as string | undefined) ?? null,
    });
    this.raise('payment_intent.canceled', intent);
    return intent;
  }

  /** As a test card's confirmation: the payment succeeds at once with one charge for the whole amount. */
  private confirmIntent(id: string, idempotencyKey: string | null): StripeObject {
    const intent = this.intent(id);
    if (!CONFIRMABLE.has(intent.status as string)) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'payment_intent_unexpected_state',
        `You cannot confirm this PaymentIntent because it has a status of ${String(intent.status)}.`,
      );
    }
    const charge: StripeObject = {
      id: idOf('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: intent.amount,
      amount_refunded: 0,
      captured: true,
      created: nowSeconds(),
      currency: intent.currency,
      livemode: false,
      metadata: intent.metadata,
      paid: true,
      payment_intent: id,
      refunded: false,
      status: 'succeeded',
    };
    const transferData = intent.transfer_data as { destination: string } | null;
    if (transferData) {
      // A destination charge: the whole amount goes to the connected account, which pays the platform its fee.
      const transfer: StripeObject = {
        id: idOf('tr'),
        object: 'transfer',
        amount: intent.amount,
        amount_reversed: 0,
        destination: transferData.destination,
        source_transaction: charge.id,
        reversals: [],
      };
      this.transfers.set(transfer.id, transfer);
      charge.transfer = transfer.id;
      charge.destination = transferData.destination;
      if (intent.application_fee_amount !== null) {
        const fee: StripeObject = {
          id: idOf('fee'),
          object: 'application_fee',
          account: transferData.destination,
          amount: intent.application_fee_amount,
          amount_refunded: 0,
          charge: charge.id,
          currency: intent.currency,
          refunded: false,
          refunds: [],
        };
        this.applicationFees.set(fee.id, fee);
        charge.application_fee = fee.id;
        charge.application_fee_amount = intent.application_fee_amount;
      }
    }
    this.charges.set(charge.id, charge);
    Object.assign(intent, {
      status: 'succeeded',
      amount_received: intent.amount,
      latest_charge: charge.id,
      payment_method: idOf('pm'),
    });
    this.raise('charge.succeeded', charge, idempotencyKey);
    this.raise('payment_intent.succeeded', intent, idempotencyKey);
    return intent;
  }

  /** A card refund: settled at once (`succeeded`), so `charge.refunded` follows straight away. */
  private createRefund(params: Record<string, unknown>, idempotencyKey: string | null): StripeObject {
    if (typeof params.payment_intent !== 'string') {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'parameter_missing',
        'One of the following params should be provided for this request: payment_intent or charge.',
      );
    }
    const intent = this.intent(params.payment_intent);
    const charge = typeof intent.latest_charge === 'string' ? this.charges.get(intent.latest_charge) : undefined;
    if (intent.status !== 'succeeded' || !charge) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'charge_not_refundable',
        `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
      );
    }
    const remaining = (charge.amount as number) - (charge.amount_refunded as number);
    if (remaining === 0) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'charge_already_refunded',
        `Charge ${charge.id} has already been refunded.`,
      );
    }
    const amount = params.amount === undefined ? remaining : positiveInteger(params.amount, 'amount');
    if (amount > remaining) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'amount_too_large',
        `Refund amount (£${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (£${(remaining / 100).toFixed(2)})`,
        'amount',
      );
    }
    const refund: StripeObject = {
      id: idOf('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      created: nowSeconds(),
      currency: charge.currency,
      failure_reason: null,
      metadata: stringMap(params.metadata),
      payment_intent: intent.id,
      reason: null,
      status: this.nextRefundStatus,
      transfer_reversal: null,
    };
    const reverseTransfer = params.reverse_transfer === 'true';
    const refundFee = params.refund_application_fee === 'true';
    if ((reverseTransfer || refundFee) && typeof charge.transfer !== 'string') {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'parameter_invalid',
        'This charge has no transfer to reverse.',
        'reverse_transfer',
      );
    }
    if (reverseTransfer) {
      const transfer = this.transfers.get(charge.transfer as string)!;
      const reversal = { id: idOf('trr'), object: 'transfer_reversal', amount, transfer: transfer.id };
      (transfer.reversals as unknown[]).push(reversal);
      transfer.amount_reversed = (transfer.amount_reversed as number) + amount;
      refund.transfer_reversal = reversal.id;
    }
    if (refundFee && typeof charge.application_fee === 'string') {
      // Stripe refunds the fee in proportion to the amount refunded.
      const fee = this.applicationFees.get(charge.application_fee)!;
      const share = Math.round(((fee.amount as number) * amount) / (charge.amount as number));
      const feeRefund = { id: idOf('fr'), object: 'fee_refund', amount: share, fee: fee.id };
      (fee.refunds as unknown[]).push(feeRefund);
      fee.amount_refunded = (fee.amount_refunded as number) + share;
      fee.refunded = fee.amount_refunded === fee.amount;
    }
    this.refunds.set(refund.id, refund);
    const refunded = (charge.amount_refunded as number) + amount;
    Object.assign(charge, { amount_refunded: refunded, refunded: refunded === charge.amount });
    this.raise('refund.created', refund, idempotencyKey);
    this.raise('charge.refunded', charge, idempotencyKey);
    return refund;
  }

  /** The bank's later answer about a refund: it succeeded (`refund.updated`), or failed (`refund.updated` and `refund.failed`). */
  settleRefund(
    refundId: string,
    outcome: 'succeeded' | 'failed',
    failureReason = 'expired_or_canceled_card',
  ): StripeEventBody {
    const refund = this.refunds.get(refundId);
    if (!refund) throw new Error(`no refund ${refundId}`);
    Object.assign(refund, { status: outcome, failure_reason: outcome === 'failed' ? failureReason : null });
    if (outcome === 'failed') {
      const charge = this.charges.get(refund.charge as string)!;
      const refunded = (charge.amount_refunded as number) - (refund.amount as number);
      Object.assign(charge, { amount_refunded: refunded, refunded: false });
    }
    const updated = this.raise('refund.updated', refund);
    return outcome === 'failed' ? this.raise('refund.failed', refund) : updated;
  }
}
