import { platformMetricsProblems, startServiceApp, testServiceEnv } from '@hunted/platform/testing';
import { describe, expect, it } from 'vitest';
import { createIdentityApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

describe('identity: metrics', () => {
  it('serves the platform metrics on its ops port, never on its API port, requests by route template', async () => {
    const running = await startServiceApp(createIdentityApp, loadConfig(testServiceEnv('identity_metrics_it', { OPS_PORT: '0' })));
    try {
      expect(await platformMetricsProblems(running, 'identity', ['jobs_queue_jobs'])).toEqual([]);
    } finally {
      await running.close();
    }
  });
});
