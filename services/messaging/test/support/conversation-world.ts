import { randomUUID } from 'node:crypto';
import type { BookingEventV1, EventPayload, EventType, HunterStatus, IntegrationEvent } from '@hunted/contracts';
import type { AuthenticatedUser } from '@hunted/platform';
import {
  consumerCaughtUp,
  startTestPublisher,
  TEST_REDIS_URL,
  testIdentityToken,
  type TestPublisher,
} from '@hunted/platform/testing';
import { Redis } from 'ioredis';

/** A member as the gateway would sign them, and as identity's event describes them. */
export interface TestMember extends AuthenticatedUser {
  profileImageUrl: string | null;
}

export function member(name: string, overrides: Partial<TestMember> = {}): TestMember {
  const [firstName, lastName] = name.split(' ');
  return {
    id: `user-${firstName!.toLowerCase()}-${randomUUID().slice(0, 8)}`,
    email: `${firstName!.toLowerCase()}@example.com`,
    firstName: firstName ?? null,
    lastName: lastName ?? null,
    isAdmin: false,
    acceptedTerms: ['terms', 'hunterTerms'],
    profileImageUrl: null,
    ...overrides,
  };
}

/** A service's base URL and how to call it as a member (signed identity, like the gateway's). */
export async function callAs(
  base: string,
  user: AuthenticatedUser | null,
  path: string,
  init: { method?: string; body?: unknown } = {},
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the answer's shape it expects
): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = {};
  if (user) headers['x-hunted-identity'] = await testIdentityToken(user, 'messaging');
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers,
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/**
 * The other services as messaging hears them: identity, hunters and bookings publishing their events on the test
 * Redis under the service's prefix.
 */
export class OtherServices {
  private readonly publishers = new Map<string, TestPublisher>();
  private redis: Redis | undefined;

  constructor(
    private readonly schemaBase: string,
    private readonly redisPrefix: string,
    /** The publishers to run (brands and reviews too for the moderation emails). */
    private readonly names: readonly string[] = ['identity', 'hunters', 'bookings'],
  ) {}

  async start(): Promise<void> {
    for (const name of this.names) {
      this.publishers.set(name, await startTestPublisher(name, { schema: `${this.schemaBase}_${name}`, redisPrefix: this.redisPrefix }));
    }
  }

  schemas(): string[] {
    return this.names.map((name) => `${this.schemaBase}_${name}`);
  }

  publish<T extends EventType>(type: T, data: EventPayload<T>): Promise<IntegrationEvent<T>> {
    return this.publishers.get(type.slice(0, type.indexOf('.')))!.publish(type, data);
  }

  async register(user: TestMember): Promise<void> {
    await this.publish('identity.user.registered', {
      userId: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      profileImageUrl: user.profileImageUrl,
    });
  }

  /** A hunter's profile as hunters publishes it; `user` null for a (demo) hunter no member has claimed. */
  async hunterProfile(
    hunterId: number,
    user: TestMember | null,
    name: string,
    status: HunterStatus = 'approved',
    type: 'hunters.hunter.created' | 'hunters.hunter.updated' = 'hunters.hunter.created',
  ): Promise<void> {
    await this.publish(type, {
      hunterId,
      userId: user?.id ?? null,
      name,
      profileImageUrl: `/api/media/hunter-photos/${hunterId}`,
      location: 'London',
      availabilityStatus: 'Available',
      sessionTypes: {
        whatsappVoice: { enabled: true, price: 50, duration: 30 },
        whatsappVideo: { enabled: true, price: 80, duration: 60 },
        inPerson: { enabled: false, price: 150, duration: 90 },
        askQuestion: { enabled: true, price: 25, duration: 15 },
      },
      pricePerSession: 80,
      status,
    });
  }

  booking(client: TestMember, hunterId: number, hunter: TestMember | null): BookingEventV1 {
    const startsAt = new Date(Date.now() + 3 * 24 * 3_600_000);
    startsAt.setUTCMinutes(0, 0, 0);
    return {
      bookingId: randomUUID(),
      hunterId,
      hunterUserId: hunter?.id ?? null,
      clientUserId: client.id,
      sessionType: 'whatsappVideo',
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
      pricePence: 8000,
      sequence: 0,
      notes: null,
      photoUrls: [],
    };
  }

  /**
   * True once every event published so far is on its stream and messaging has applied all of it: what a test
   * waits for after its last event instead of sleeping in case something more comes of it.
   */
  async applied(): Promise<boolean> {
    for (const publisher of this.publishers.values()) if (!(await publisher.allSent())) return false;
    this.redis ??= new Redis(TEST_REDIS_URL);
    return consumerCaughtUp(this.redis, this.redisPrefix, 'messaging');
  }

  async close(): Promise<void> {
    await Promise.all([...this.publishers.values()].map((publisher) => publisher.close()));
    await this.redis?.quit();
  }
}
