import { GATEWAY, serviceInstances } from './apps.mjs';

/**
 * `npm run status`: a one-screen summary of a running Hunted from its own metrics (each app's ops listener,
 * docs/running.md "Operations: metrics"). Two scrapes a few seconds apart give the rates; the rest is read as is.
 */

/**
 * The samples of a Prometheus text exposition: one `{ name, labels, value }` per line that is not a comment.
 * @param {string} text
 * @returns {{ name: string, labels: Record<string, string>, value: number }[]}
 */
export function parseMetrics(text) {
  const samples = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!match) continue;
    const labels = {};
    for (const pair of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1]] = pair[2].replace(/\\(.)/g, '$1');
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return samples;
}

const sum = (samples, name, where = () => true) =>
  samples.filter((sample) => sample.name === name && where(sample.labels)).reduce((total, sample) => total + sample.value, 0);

/** Requests counted so far, and the histogram's cumulative buckets over every route (`le` → count). */
function requestsOf(samples) {
  const buckets = new Map();
  for (const sample of samples) {
    if (sample.name !== 'http_request_duration_seconds_bucket') continue;
    buckets.set(sample.labels.le, (buckets.get(sample.labels.le) ?? 0) + sample.value);
  }
  return { count: sum(samples, 'http_request_duration_seconds_count'), buckets };
}

/**
 * The 99th percentile, in ms, of the requests between two scrapes (the upper bound of the bucket that holds it);
 * null when there were none.
 * @param {Map<string, number>} before
 * @param {Map<string, number>} after
 */
export function p99Between(before, after) {
  const bounds = [...after.keys()].sort((a, b) => Number(a === '+Inf' ? Infinity : a) - Number(b === '+Inf' ? Infinity : b));
  const total = (after.get('+Inf') ?? 0) - (before.get('+Inf') ?? 0);
  if (total <= 0) return null;
  for (const le of bounds) {
    if ((after.get(le) ?? 0) - (before.get(le) ?? 0) >= total * 0.99) return le === '+Inf' ? Infinity : Number(le) * 1000;
  }
  return Infinity;
}

/**
 * One app's line from two scrapes `seconds` apart (null when it did not answer).
 * @param {string} name
 * @param {string | null} first
 * @param {string | null} second
 * @param {number} seconds
 */
export function summarise(name, first, second, seconds) {
  if (second === null) return { name, up: false };
  const now = parseMetrics(second);
  const before = first === null ? null : requestsOf(parseMetrics(first));
  const after = requestsOf(now);
  return {
    name,
    up: true,
    requestsPerSecond: before ? Math.max(0, after.count - before.count) / seconds : null,
    p99Ms: before ? p99Between(before.buckets, after.buckets) : null,
    errors5xx: sum(now, 'http_request_duration_seconds_count', (labels) => labels.status?.startsWith('5')),
    consumerLag: sum(now, 'events_consumer_lag'),
    pending: sum(now, 'events_consumer_pending'),
    outboxBacklog: sum(now, 'events_outbox_backlog'),
    deadLetters: sum(now, 'events_dead_letters'),
    jobsWaiting: sum(now, 'jobs_queue_jobs', (labels) => labels.state === 'waiting' || labels.state === 'delayed'),
    sockets: now.some((sample) => sample.name === 'live_sockets') ? sum(now, 'live_sockets') : null,
  };
}

const cell = (value, digits = 0) => (value === null || value === undefined ? '–' : value === Infinity ? '>10s' : value.toFixed(digits));

/** The summary as a table, one app a line. */
export function formatStatus(lines) {
  const header = ['app', 'up', 'req/s', 'p99 ms', '5xx', 'lag', 'pending', 'outbox', 'dead', 'jobs', 'sockets'];
  const rows = lines.map((line) =>
    line.up
      ? [line.name, 'up', cell(line.requestsPerSecond, 1), cell(line.p99Ms), cell(line.errors5xx), cell(line.consumerLag), cell(line.pending), cell(line.outboxBacklog), cell(line.deadLetters), cell(line.jobsWaiting), cell(line.sockets)]
      : [line.name, 'DOWN', '', '', '', '', '', '', '', '', ''],
  );
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  return [header, ...rows]
    .map((row) => row.map((text, column) => (column === 0 ? text.padEnd(widths[column]) : text.padStart(widths[column]))).join('  ').trimEnd())
    .join('\n');
}

/**
 * Where each app of a running system serves its metrics (as `npm start` lays them out).
 * @param {NodeJS.ProcessEnv} env
 */
export function metricsTargets(env = process.env) {
  const host = '127.0.0.1';
  return [
    { name: GATEWAY.name, url: `http://${host}:${Number(env.OPS_PORT || GATEWAY.opsPort)}/metrics` },
    ...serviceInstances(env).map((instance) => ({ name: instance.name, url: `http://${host}:${instance.opsPort}/metrics` })),
  ];
}

/** The text of one scrape, or null when the app does not answer within 2 s. */
export async function scrape(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return response.ok ? await response.text() : null;
  } catch {
    return null;
  }
}

/**
 * Scrapes every target twice, `seconds` apart, and returns the summary lines.
 * @param {{ name: string, url: string }[]} targets
 * @param {number} seconds
 */
export async function systemStatus(targets, seconds) {
  const first = await Promise.all(targets.map((target) => scrape(target.url)));
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const second = await Promise.all(targets.map((target) => scrape(target.url)));
  return targets.map((target, i) => summarise(target.name, first[i], second[i], seconds));
}
