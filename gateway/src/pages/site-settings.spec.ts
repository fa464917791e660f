import http from 'node:http';
import { generateInternalKeyPair } from '@hunted/platform';
import type { SiteSettings } from '@hunted/contracts';
import Fastify from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { SitePages } from './site-pages.js';

const keys = generateInternalKeyPair();
const KEYS = { INTERNAL_AUTH_PRIVATE_KEY: keys.privateKey, INTERNAL_AUTH_PUBLIC_KEY: keys.publicKey };

/** `GET /api/site` as the gateway registers it, answered from the configuration alone (no service is asked). */
async function siteAnswer(env: Record<string, string>) {
  const fastify = Fastify();
  const agent = new http.Agent();
  new SitePages(loadConfig({ ...KEYS, ...env }), agent, pino({ level: 'silent' })).register(fastify);
  const response = await fastify.inject({ method: 'GET', url: '/api/site' });
  await fastify.close();
  agent.destroy();
  return response;
}

describe('GET /api/site', () => {
  it('names the development placeholder operator by default', async () => {
    const response = await siteAnswer({});
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.json<SiteSettings>().operator).toEqual({
      name: 'Hunted Ltd (development)',
      address: '1 Example Street, London EC1A 1AA, United Kingdom (development placeholder)',
      email: 'legal@hunted.example',
    });
  });

  it('names the operator the configuration gives', async () => {
    const response = await siteAnswer({
      OPERATOR_NAME: 'Hunted Marketplace Ltd',
      OPERATOR_ADDRESS: '2 Loom Yard, Leeds LS1 4AP',
      OPERATOR_EMAIL: 'hello@hunted.example.com',
    });
    expect(response.json<SiteSettings>()).toEqual({
      operator: {
        name: 'Hunted Marketplace Ltd',
        address: '2 Loom Yard, Leeds LS1 4AP',
        email: 'hello@hunted.example.com',
      },
    });
  });
});
