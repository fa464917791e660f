import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PLATFORM_METRIC_FAMILIES } from '@hunted/platform/testing';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * The alert rules and dashboards read only metrics the apps export (the service tests scrape them), and every alert
 * is explained where its runbook link points.
 */

const DIR = fileURLToPath(new URL('..', import.meta.url));
const RUNNING = readFileSync(fileURLToPath(new URL('../../../docs/running.md', import.meta.url)), 'utf8');

/** What the features count beside the platform's (bookings' and messaging's own metrics, and prom-client's). */
const FEATURE_FAMILIES = [
  'bookings_transitions_total',
  'bookings_payment_outcomes_total',
  'bookings_refunds_stuck',
  'live_sockets',
  'live_events_sent_total',
];
const KNOWN = new Set([...PLATFORM_METRIC_FAMILIES, ...FEATURE_FAMILIES]);
/** PromQL's functions with an underscore (label names here have none). */
const FUNCTIONS = new Set(['histogram_quantile', 'label_replace', 'label_join']);

/** The metric names a PromQL expression reads. */
function metricsIn(expr: string): string[] {
  const withoutStrings = expr.replace(/"[^"]*"/g, '""');
  return [...new Set([...withoutStrings.matchAll(/\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g)].map((match) => match[0]))].filter(
    (name) => !FUNCTIONS.has(name),
  );
}

/** Whether a name is an exported family, or a histogram's series of one. */
function exported(name: string): boolean {
  return KNOWN.has(name) || KNOWN.has(name.replace(/_(bucket|count|sum)$/, ''));
}

interface Rule {
  alert: string;
  expr: string;
  for?: string;
  labels: { severity: string };
  annotations: { summary: string; runbook: string };
}

const rules = (parse(readFileSync(join(DIR, 'alerts.rules.yaml'), 'utf8')) as { groups: { rules: Rule[] }[] }).groups.flatMap(
  (group) => group.rules,
);
const dashboards = readdirSync(join(DIR, 'dashboards')).map((file) => ({
  file,
  board: JSON.parse(readFileSync(join(DIR, 'dashboards', file), 'utf8')) as {
    uid: string;
    title: string;
    panels: { title: string; targets: { expr: string }[] }[];
  },
}));

describe('infra/observability', () => {
  it('alerts on symptoms, each with a severity, a summary and a runbook that explains it', () => {
    expect(rules.length).toBeGreaterThanOrEqual(10);
    const start = RUNNING.indexOf('## Operations: alerts');
    expect(start, 'docs/running.md has an "Operations: alerts" section').toBeGreaterThan(-1);
    const operations = RUNNING.slice(start);
    for (const rule of rules) {
      expect(['page', 'ticket'], rule.alert).toContain(rule.labels.severity);
      expect(rule.annotations.summary, rule.alert).toBeTruthy();
      expect(rule.annotations.runbook, rule.alert).toBe('docs/running.md#operations-alerts');
      expect(operations, `docs/running.md explains ${rule.alert}`).toContain(`\`${rule.alert}\``);
    }
    expect(new Set(rules.map((rule) => rule.alert)).size).toBe(rules.length);
  });

  it('reads, in every alert and every dashboard panel, only metrics the apps export', () => {
    const unknown: string[] = [];
    for (const rule of rules) for (const name of metricsIn(rule.expr)) if (!exported(name)) unknown.push(`${rule.alert}: ${name}`);
    for (const { file, board } of dashboards) {
      for (const panel of board.panels) {
        for (const target of panel.targets) {
          const names = metricsIn(target.expr);
          expect(names.length, `${file} "${panel.title}" reads a metric`).toBeGreaterThan(0);
          for (const name of names) if (!exported(name)) unknown.push(`${file} "${panel.title}": ${name}`);
        }
      }
    }
    expect(unknown).toEqual([]);
  });

  it('has a dashboard per area, each with its own uid', () => {
    expect(dashboards.map(({ file }) => file).sort()).toEqual(['bookings.json', 'edge.json', 'events.json', 'messaging.json', 'services.json']);
    expect(new Set(dashboards.map(({ board }) => board.uid)).size).toBe(dashboards.length);
  });
});
