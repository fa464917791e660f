import { platformMetricsProblems, startServiceApp, testServiceEnv } from '@hunted/platform/testing';
import { describe, expect, it } from 'vitest';
import { createMessagingApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

describe('messaging: metrics', () => {
  it('serves the platform metrics on its ops port, never on its API port, requests by route template', async () => {
    const running = await startServiceApp(createMessagingApp, loadConfig(testServiceEnv('messaging_metrics_it', { OPS_PORT: '0' })));
    try {
      expect(
        await platformMetricsProblems(running, 'messaging', ['events_consumer_lag', 'jobs_queue_jobs', 'live_sockets']),
      ).toEqual([]);
      const text = await (await fetch(`${running.opsBase}/metrics`)).text();
      expect(text).toContain('live_sockets{app="messaging"} 0');
      expect(text).toContain('# TYPE live_events_sent_total counter');
    } finally {
      await running.close();
    }
  });
});
