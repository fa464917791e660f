import { DEFAULT_SESSION_TYPES, type Brand, type Hunter, type TodayBrand } from '@hunted/contracts';
import { json } from './fetch-stub';

let nextId = 1;

export function aBrand(overrides: Partial<Brand> = {}): Brand {
  const id = overrides.id ?? nextId++;
  return {
    id,
    name: `Brand ${id}`,
    description: 'Small-batch goods made with care.',
    category: 'Clothing',
    location: 'UK',
    delivery: 'Europe Wide',
    imageUrl: `/demo-brands/brand-${id}.svg`,
    instagramUrl: 'https://instagram.com/example',
    etsyUrl: null,
    websiteUrl: 'https://example.com',
    tiktokUrl: null,
    votes: 0,
    rating: 4,
    ratingCount: 3,
    tags: [],
    hashtags: [],
    priceCategory: '££',
    featured: false,
    featuredDate: null,
    views: 10,
    createdAt: '2026-03-14T10:00:00.000Z',
    ...overrides,
  };
}

export function aTodayBrand(overrides: Partial<TodayBrand> = {}): TodayBrand {
  return { ...aBrand(overrides), todayVotes: overrides.todayVotes ?? 0 };
}

export function aHunter(overrides: Partial<Hunter> = {}): Hunter {
  const id = overrides.id ?? nextId++;
  return {
    id,
    userId: `hunter-user-${id}`,
    name: `Hunter ${id}`,
    profileImageUrl: null,
    bio: 'Personal shopper for considered, long-lasting wardrobes.',
    specialties: ['Luxury Fashion'],
    pricePerSession: 25,
    location: 'UK',
    availabilityStatus: 'Available',
    rating: 4.5,
    reviewCount: 12,
    totalSessions: 40,
    adviceTypes: ['Personal Shopping'],
    languages: ['English'],
    yearsExperience: 6,
    featured: false,
    sessionTypes: DEFAULT_SESSION_TYPES,
    instagramUrl: null,
    createdAt: '2026-03-14T10:00:00.000Z',
    updatedAt: '2026-03-14T10:00:00.000Z',
    ...overrides,
  };
}

export const member = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  profileImageUrl: null,
  instagramUrl: null,
  isAdmin: false,
};

export const admin = { ...member, id: 'admin1', email: 'admin@hunted.example', firstName: 'Grace', isAdmin: true };

export const signedOut = { 'GET /api/auth/user': () => json(401, { message: 'Unauthorized' }) };
export const signedIn = { 'GET /api/auth/user': () => json(200, member) };

/** A JSON list answer with the paging total header. */
export function page(body: unknown[], total: number): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'x-total-count': String(total) },
  });
}
