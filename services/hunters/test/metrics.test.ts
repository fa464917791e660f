import { platformMetricsProblems, startServiceApp, testServiceEnv } from '@hunted/platform/testing';
import { describe, expect, it } from 'vitest';
import { createHuntersApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

describe('hunters: metrics', () => {
  it('serves the platform metrics on its ops port, never on its API port, requests by route template', async () => {
    const running = await startServiceApp(createHuntersApp, loadConfig(testServiceEnv('hunters_metrics_it', { OPS_PORT: '0' })));
    try {
      expect(await platformMetricsProblems(running, 'hunters', ['events_consumer_lag'])).toEqual([]);
    } finally {
      await running.close();
    }
  });
});
