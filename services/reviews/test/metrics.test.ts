import { platformMetricsProblems, startServiceApp, testServiceEnv } from '@hunted/platform/testing';
import { describe, expect, it } from 'vitest';
import { createReviewsApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

describe('reviews: metrics', () => {
  it('serves the platform metrics on its ops port, never on its API port, requests by route template', async () => {
    const running = await startServiceApp(createReviewsApp, loadConfig(testServiceEnv('reviews_metrics_it', { OPS_PORT: '0' })));
    try {
      expect(await platformMetricsProblems(running, 'reviews', ['events_consumer_lag'])).toEqual([]);
    } finally {
      await running.close();
    }
  });
});
