import { describe, expect, it } from 'vitest';
import { isCrossSiteWrite, isSameOrigin } from './csrf.js';

const host = 'hunted.example:8080';

describe('isCrossSiteWrite', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('refuses %s from another origin or marked cross-site', (method) => {
    expect(isCrossSiteWrite(method, { host, origin: 'https://evil.example' }, undefined)).toBe(true);
    expect(isCrossSiteWrite(method, { host, 'sec-fetch-site': 'cross-site' }, undefined)).toBe(true);
    expect(isCrossSiteWrite(method, { host, origin: 'null' }, undefined)).toBe(true);
  });

  it('lets reads through whatever their origin', () => {
    expect(isCrossSiteWrite('GET', { host, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, undefined)).toBe(false);
    expect(isCrossSiteWrite('HEAD', { host, 'sec-fetch-site': 'cross-site' }, undefined)).toBe(false);
  });

  it('lets writes from our own origin, and from non-browser clients without Origin, through', () => {
    expect(isCrossSiteWrite('POST', { host, origin: 'http://hunted.example:8080', 'sec-fetch-site': 'same-origin' }, undefined)).toBe(false);
    expect(isCrossSiteWrite('POST', { host }, undefined)).toBe(false);
  });

  it('accepts the public URL and the forwarded host as our own origin', () => {
    expect(isCrossSiteWrite('POST', { host: 'gateway:8080', origin: 'https://hunted.example' }, 'https://hunted.example')).toBe(false);
    expect(isCrossSiteWrite('POST', { host: 'gateway:8080', 'x-forwarded-host': 'hunted.example', origin: 'https://hunted.example' }, undefined)).toBe(false);
    expect(isCrossSiteWrite('POST', { host: 'gateway:8080', origin: 'https://hunted.example.evil.com' }, 'https://hunted.example')).toBe(true);
  });
});

describe('isSameOrigin', () => {
  it('compares host and port, not just the host name', () => {
    expect(isSameOrigin({ host: 'localhost:8080', origin: 'http://localhost:8080' }, undefined)).toBe(true);
    expect(isSameOrigin({ host: 'localhost:8080', origin: 'http://localhost:5173' }, undefined)).toBe(false);
    expect(isSameOrigin({ host: 'localhost:8080', origin: 'not a url' }, undefined)).toBe(false);
  });
});
