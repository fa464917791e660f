import type { INestApplication } from '@nestjs/common';
import type { RunningServiceApp } from './service-app.js';

/** The metric families every service declares (dashboards and alerts in infra/observability read them). */
export const PLATFORM_METRIC_FAMILIES = [
  'http_request_duration_seconds',
  'db_pool_connections',
  'events_outbox_backlog',
  'events_outbox_oldest_age_seconds',
  'events_dead_letters',
  'events_consumer_lag',
  'events_consumer_pending',
  'events_consumer_oldest_pending_age_seconds',
  'jobs_queue_jobs',
  'metrics_scrape_read_failures',
  'nodejs_eventloop_lag_p99_seconds',
  'nodejs_heap_size_used_bytes',
  'nodejs_gc_duration_seconds',
] as const;

/** The metric families an exposition text declares (`# TYPE <name> <type>`), whether or not they have samples yet. */
export function metricFamiliesIn(text: string): Set<string> {
  return new Set(text.split('\n').filter((line) => line.startsWith('# TYPE ')).map((line) => line.split(' ')[2]!));
}

/**
 * What is wrong with a running service's metrics, as sentences (none when all is well): started with `OPS_PORT: '0'`,
 * it answers one request and one unknown path, then its ops port must serve every platform family, count both by
 * route template (never the raw path), read PostgreSQL and Redis without a failure, and keep `/metrics` off the
 * API port. `samples` names families that must have a sample for this service (its consumer, its job queues).
 */
export async function platformMetricsProblems(
  running: RunningServiceApp<INestApplication>,
  app: string,
  samples: readonly string[] = [],
): Promise<string[]> {
  const problems: string[] = [];
  if (!running.opsBase) return ['no ops listener: start the app with OPS_PORT set'];
  if ((await fetch(`${running.base}/health`)).status !== 200) problems.push('GET /health did not answer 200');
  if ((await fetch(`${running.base}/no/such/path/12345`)).status !== 404) problems.push('an unknown path did not answer 404');
  const onApiPort = await fetch(`${running.base}/metrics`);
  if (onApiPort.status === 200) problems.push('the API port serves /metrics');

  const scrape = await fetch(`${running.opsBase}/metrics`);
  if (scrape.status !== 200) return [...problems, `GET /metrics on the ops port answered ${scrape.status}`];
  const text = await scrape.text();
  const families = metricFamiliesIn(text);
  for (const family of PLATFORM_METRIC_FAMILIES) if (!families.has(family)) problems.push(`no ${family}`);
  const counted = (route: string, status: number, times: number) =>
    `http_request_duration_seconds_count{app="${app}",method="GET",route="${route}",status="${status}"} ${times}`;
  if (!text.includes(counted('/health', 200, 1))) problems.push('GET /health not counted once under its route template');
  // Two unmatched requests: the unknown path and /metrics asked of the API port.
  if (!text.includes(counted('unmatched', 404, 2))) problems.push('unknown paths not counted under route="unmatched"');
  // Only inside a sample's labels: a value (a heap size, a histogram's sum) may hold the digits by chance, as
  // identity's heap once did and failed this check.
  if (/\{[^}]*(12345|no\/such\/path)[^}]*\}/.test(text)) problems.push('a raw path reached a label');
  if (!new RegExp(`metrics_scrape_read_failures\\{app="${app}"\\} 0`).test(text)) problems.push('a read of PostgreSQL or Redis failed');
  for (const family of samples) if (!new RegExp(`^${family}\\{`, 'm').test(text)) problems.push(`no sample of ${family}`);
  return problems;
}
