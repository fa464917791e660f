import { describe, expect, it } from 'vitest';
import { replicaCount, serviceInstances } from '../lib/apps.mjs';

describe('the apps npm start runs', () => {
  it('runs bookings and messaging twice by default, replica n on the port + 10 × (n − 1)', () => {
    const instances = serviceInstances({});
    expect(instances.map((instance) => `${instance.name}:${instance.port}`)).toEqual([
      'identity:3001',
      'brands:3002',
      'reviews:3003',
      'hunters:3004',
      'bookings-1:3005',
      'bookings-2:3015',
      'messaging-1:3006',
      'messaging-2:3016',
    ]);
    expect(instances.filter((instance) => instance.service === 'bookings').every((instance) => instance.dir === 'services/bookings')).toBe(true);
  });

  it('takes BOOKINGS_REPLICAS and MESSAGING_REPLICAS, and the port offset of a second system', () => {
    const ports = (env: Record<string, string>, offset?: number) =>
      serviceInstances(env, offset)
        .filter((instance) => instance.service === 'bookings' || instance.service === 'messaging')
        .map((instance) => `${instance.name}:${instance.port}`);
    expect(ports({ BOOKINGS_REPLICAS: '1', MESSAGING_REPLICAS: '3' })).toEqual(['bookings:3005', 'messaging-1:3006', 'messaging-2:3016', 'messaging-3:3026']);
    expect(ports({}, 100)).toEqual(['bookings-1:3105', 'bookings-2:3115', 'messaging-1:3106', 'messaging-2:3116']);
    expect(replicaCount('brands', { BRANDS_REPLICAS: '4' })).toBe(1);
  });

  it('refuses a count that is not 1 to 9, naming the variable', () => {
    for (const value of ['0', '10', '1.5', 'two']) {
      expect(() => replicaCount('bookings', { BOOKINGS_REPLICAS: value })).toThrow(/BOOKINGS_REPLICAS must be a whole number from 1 to 9/);
    }
  });
});
