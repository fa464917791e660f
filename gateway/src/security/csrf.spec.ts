import { describe, expect, it } from 'vitest';
import { isCrossSiteWrite, isSameOrigin } from './csrf.js';

const host = 'hunted.example:8080';

describe('isCrossSiteWrite', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('refuses %s from another origin or marked cross-site', (method) => {
    expect(isCrossSiteWrite(method, { host, origin: 'https://evil.example' }, undefined, host)).toBe(true);
    expect(isCrossSiteWrite(method, { host, 'sec-fetch-site': 'cross-site' }, undefined, host)).toBe(true);
    expect(isCrossSiteWrite(method, { host, origin: 'null' }, undefined, host)).toBe(true);
  });

  it('lets reads through whatever their origin', () => {
    expect(isCrossSiteWrite('GET', { host, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, undefined, host)).toBe(false);
    expect(isCrossSiteWrite('HEAD', { host, 'sec-fetch-site': 'cross-site' }, undefined, host)).toBe(false);
  });

  it('lets writes from our own origin, and from non-browser clients without Origin, through', () => {
    expect(isCrossSiteWrite('POST', { host, origin: 'http://hunted.example:8080', 'sec-fetch-site': 'same-origin' }, undefined, host)).toBe(false);
    expect(isCrossSiteWrite('POST', { host }, undefined, host)).toBe(false);
  });

  it('accepts the public URL and the site host the caller determined as our own origin', () => {
    expect(isCrossSiteWrite('POST', { host: 'gateway:8080', origin: 'https://hunted.example' }, 'https://hunted.example', 'gateway:8080')).toBe(false);
    expect(isCrossSiteWrite('POST', { host: 'gateway:8080', origin: 'https://hunted.example' }, undefined, 'hunted.example')).toBe(false);
    expect(isCrossSiteWrite('POST', { host: 'gateway:8080', origin: 'https://hunted.example.evil.com' }, 'https://hunted.example', 'gateway:8080')).toBe(true);
  });

  it('never reads X-Forwarded-Host itself: a client naming its own site there is not believed', () => {
    const headers = { host: 'gateway:8080', 'x-forwarded-host': 'evil.example', origin: 'https://evil.example' };
    expect(isCrossSiteWrite('POST', headers, undefined, 'gateway:8080')).toBe(true);
  });
});

describe('isSameOrigin', () => {
  it('compares host and port, not just the host name', () => {
    expect(isSameOrigin({ host: 'localhost:8080', origin: 'http://localhost:8080' }, undefined, 'localhost:8080')).toBe(true);
    expect(isSameOrigin({ host: 'localhost:8080', origin: 'http://localhost:5173' }, undefined, 'localhost:8080')).toBe(false);
    expect(isSameOrigin({ host: 'localhost:8080', origin: 'not a url' }, undefined, 'localhost:8080')).toBe(false);
  });
});
