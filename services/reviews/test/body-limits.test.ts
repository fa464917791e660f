import { startServiceApp, testIdentityHeaders, testServiceEnv, type RunningServiceApp } from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReviewsApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

const SCHEMA = 'reviews_body_limits_it';
const MB = 1024 * 1024;

let reviews: RunningServiceApp<NestFastifyApplication>;
let base: string;
let headers: Record<string, string>;

beforeAll(async () => {
  reviews = await startServiceApp(createReviewsApp, loadConfig(testServiceEnv(SCHEMA)));
  base = reviews.base;
  const identity = await testIdentityHeaders(
    { id: 'user-limits', email: 'limits@hunted.test', firstName: 'Lim', lastName: null, isAdmin: false },
    'reviews',
  );
  headers = { 'content-type': 'application/json', ...identity };
});

afterAll(async () => {
  await reviews?.close();
});

/** A JSON body of about `bytes` bytes: one long string field the DTO does not know. */
const bodyOf = (bytes: number) => JSON.stringify({ content: 'x'.repeat(bytes) });

describe('request body limits per route', () => {
  it('refuses a 2 MB body on another route (a comment) with 413', async () => {
    const response = await fetch(`${base}/api/brands/1/comments`, { method: 'POST', headers, body: bodyOf(2 * MB) });
    expect(response.status).toBe(413);
  });

  it('reads a body of 40 MB on the review post (refused for what it says, not for its size)', async () => {
    const response = await fetch(`${base}/api/brands/1/reviews`, { method: 'POST', headers, body: bodyOf(40 * MB) });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).not.toMatch(/too large/i);
  });

  it('still refuses a review post above its own 45 MB limit', async () => {
    const response = await fetch(`${base}/api/brands/1/reviews`, { method: 'POST', headers, body: bodyOf(46 * MB) });
    expect(response.status).toBe(413);
  });
});
