import { describe, expect, it } from 'vitest';
import { REPLICA_DOWN_MS, ServiceUpstreams } from './upstreams.js';

const A = 'http://127.0.0.1:3005';
const B = 'http://127.0.0.1:3015';
const C = 'http://127.0.0.1:3025';

describe('ServiceUpstreams', () => {
  it('takes the replicas in turn', () => {
    const upstreams = new ServiceUpstreams([A, B, C]);
    expect(Array.from({ length: 6 }, () => upstreams.pick())).toEqual([A, B, C, A, B, C]);
  });

  it('never picks a replica the request already tried, and has none left once all were', () => {
    const upstreams = new ServiceUpstreams([A, B]);
    expect(upstreams.pick([A])).toBe(B);
    expect(upstreams.pick([A])).toBe(B);
    expect(upstreams.pick([A, B])).toBeNull();
  });

  it('passes over a replica marked down for REPLICA_DOWN_MS, then takes it in turn again', () => {
    let now = 1_000;
    const upstreams = new ServiceUpstreams([A, B, C], () => now);
    upstreams.markDown(B);
    expect(Array.from({ length: 4 }, () => upstreams.pick())).toEqual([A, C, C, A]);
    now += REPLICA_DOWN_MS - 1;
    expect(upstreams.isDown(B)).toBe(true);
    now += 1;
    expect(upstreams.isDown(B)).toBe(false);
    expect(Array.from({ length: 3 }, () => upstreams.pick())).toEqual([B, C, A]);
  });

  it('still tries a replica marked down when every other one was tried or is down too', () => {
    const upstreams = new ServiceUpstreams([A, B]);
    upstreams.markDown(A);
    upstreams.markDown(B);
    const first = upstreams.pick();
    expect([A, B]).toContain(first);
    expect(upstreams.pick([first!])).toBe(first === A ? B : A);
    upstreams.markDown(A);
    expect(upstreams.pick([B])).toBe(A);
  });

  it('is one address for a service that is not replicated', () => {
    const upstreams = new ServiceUpstreams([A]);
    expect(upstreams.replicated).toBe(false);
    expect([upstreams.pick(), upstreams.pick()]).toEqual([A, A]);
    expect(() => new ServiceUpstreams([])).toThrow(/at least one address/);
  });
});
