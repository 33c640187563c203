import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { endpoints } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WALLET_OPERATIONS, walletPath } from '../src/modules/casino/wallet-api.schema';
import { createTestApp, type TestApp, testDatabaseKind } from './test-app';

/**
 * What an operator watches (docs/deploy.md, "What to watch"): deploy/prometheus/alerts.yml is
 * valid and its alerts fire on trouble (promtool, Debian's `prometheus` package), and every
 * metric the alerts and deploy/grafana/casino.json read is one the app serves.
 */
const run = promisify(execFile);
const DEPLOY = path.resolve(import.meta.dirname, '../../../deploy');
const ALERTS = path.join(DEPLOY, 'prometheus/alerts.yml');
const ALERT_TESTS = path.join(DEPLOY, 'prometheus/alerts.test.yml');
const DASHBOARD = path.join(DEPLOY, 'grafana/casino.json');
const PROMTOOL = '/usr/bin/promtool';

/** Series only one database serves: missing from the other one's scrape by design. */
const ONLY_ON: Record<string, 'sqlite' | 'postgres'> = {
  db_pool_connections: 'postgres',
  sqlite_file_bytes: 'sqlite',
  sqlite_group_commit_units: 'sqlite',
};
/** Prometheus's own series about a scrape. */
const FROM_PROMETHEUS = new Set(['up']);

/** PromQL words that are not metric names. */
const PROMQL_WORDS = new Set([
  ...['sum', 'min', 'max', 'avg', 'count', 'by', 'without', 'and', 'or', 'unless', 'on', 'ignoring', 'bool'],
  ...['rate', 'irate', 'increase', 'histogram_quantile', 'predict_linear', 'min_over_time', 'max_over_time', 'abs'],
  ...['group_left', 'group_right', 'offset', 'time', 'vector', 'scalar', 'clamp_min', 'clamp_max'],
]);

/** The metric names an expression reads: label matchers, ranges, strings and numbers taken out. */
function metricNamesOf(expr: string): string[] {
  const bare = expr
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/"[^"]*"/g, ' ')
    .replace(/\bby\s*\([^)]*\)/g, ' ');
  const words = bare.match(/[A-Za-z_:][A-Za-z0-9_:]*/g) ?? [];
  return [...new Set(words.filter((word) => !PROMQL_WORDS.has(word)))];
}

/** The values an expression gives the `endpoint` label. */
function endpointsOf(expr: string): string[] {
  return [...expr.matchAll(/endpoint!?="([^"]+)"/g)].map((match) => match[1] ?? '');
}

/** Each alert's expression, read from the rules file by its `expr:` blocks. */
function alertExpressions(): Map<string, string> {
  const lines = readFileSync(ALERTS, 'utf8').split('\n');
  const found = new Map<string, string>();
  for (let index = 0; index < lines.length; index++) {
    const name = /^\s*- alert: (\S+)/.exec(lines[index] ?? '')?.[1];
    if (!name) continue;
    const exprLine = lines.slice(index + 1).find((line) => /^\s*expr:/.test(line)) ?? '';
    const inline = exprLine.replace(/^\s*expr:\s*/, '');
    if (inline !== '|') {
      found.set(name, inline);
      continue;
    }
    const start = lines.indexOf(exprLine, index) + 1;
    const indent = /^\s*/.exec(lines[start] ?? '')?.[0].length ?? 0;
    const block: string[] = [];
    for (const line of lines.slice(start)) {
      if (line.trim() !== '' && (/^\s*/.exec(line)?.[0].length ?? 0) < indent) break;
      block.push(line.trim());
    }
    found.set(name, block.join(' '));
  }
  return found;
}

interface DashboardPanel {
  type: string;
  title: string;
  targets?: { expr: string }[];
}

function dashboardPanels(): DashboardPanel[] {
  return (JSON.parse(readFileSync(DASHBOARD, 'utf8')) as { panels: DashboardPanel[] }).panels;
}

let t: TestApp;
let served: Set<string>;

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_PORT: '0' } });
  const address = t.app.metrics?.address();
  if (!address) throw new Error('the metrics server is not listening');
  const text = await (await fetch(`http://127.0.0.1:${address.port}/metrics`)).text();
  // A histogram's series are its name with _bucket, _sum and _count.
  served = new Set(
    [...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].flatMap(([, name = '', type]) =>
      type === 'histogram' ? [name, `${name}_bucket`, `${name}_sum`, `${name}_count`] : [name],
    ),
  );
});
afterAll(async () => t.close());

/** The names an expression reads that this app does not serve on this database. */
function unknownMetrics(expr: string): string[] {
  return metricNamesOf(expr).filter((name) => {
    if (FROM_PROMETHEUS.has(name) || served.has(name)) return false;
    const base = name.replace(/_(bucket|sum|count)$/, '');
    const onlyOn = ONLY_ON[name] ?? ONLY_ON[base];
    return onlyOn === undefined || onlyOn === testDatabaseKind();
  });
}

const KNOWN_ENDPOINTS = new Set([
  ...Object.values(endpoints).map((endpoint) => endpoint.path),
  ...WALLET_OPERATIONS.map((operation) => walletPath(operation).slice('/api/'.length)),
]);

describe('deploy/prometheus/alerts.yml', () => {
  it.runIf(testDatabaseKind() === 'sqlite')(
    'passes promtool check rules, and its unit tests fire each alert on trouble only',
    async () => {
      if (!existsSync(PROMTOOL)) throw new Error(`${PROMTOOL} is missing: apt-get install prometheus (.ci/run does it)`);
      const checked = await run(PROMTOOL, ['check', 'rules', ALERTS]);
      expect(checked.stdout).toMatch(/SUCCESS: \d+ rules found/);
      const tested = await run(PROMTOOL, ['test', 'rules', ALERT_TESTS]);
      expect(tested.stdout).toMatch(/SUCCESS/);
    },
  );

  it('reads only metrics the app serves, and endpoints the contract has', () => {
    const alerts = alertExpressions();
    expect([...alerts.keys()]).toEqual(
      expect.arrayContaining([
        'CasinoInstanceDown',
        'CasinoServerErrors',
        'CasinoBetPlacementSlow',
        'CasinoBalancePollSlow',
        'CasinoFeedStale',
        'CasinoFeedDisconnected',
        'CasinoJobsBehind',
        'CasinoOutboxBacklog',
        'CasinoDatabasePoolWaiting',
        'CasinoDiskLow',
      ]),
    );
    for (const [alert, expr] of alerts) {
      expect(metricNamesOf(expr), alert).not.toEqual([]);
      expect(unknownMetrics(expr), alert).toEqual([]);
      for (const endpoint of endpointsOf(expr)) expect(KNOWN_ENDPOINTS.has(endpoint), `${alert}: ${endpoint}`).toBe(true);
    }
  });
});

describe('deploy/grafana/casino.json', () => {
  it('has panels whose expressions read only metrics the app serves, covering every alert', () => {
    const panels = dashboardPanels().filter((panel) => panel.type !== 'row');
    expect(panels.length).toBeGreaterThan(10);
    const shown = new Set<string>();
    for (const panel of panels) {
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const { expr } of panel.targets ?? []) {
        expect(unknownMetrics(expr), panel.title).toEqual([]);
        for (const endpoint of endpointsOf(expr)) expect(KNOWN_ENDPOINTS.has(endpoint), `${panel.title}: ${endpoint}`).toBe(true);
        for (const name of metricNamesOf(expr)) shown.add(name);
      }
    }
    for (const [alert, expr] of alertExpressions()) {
      expect(
        metricNamesOf(expr).filter((name) => !shown.has(name)),
        `${alert} has no panel`,
      ).toEqual([]);
    }
  });
});
