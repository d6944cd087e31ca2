// The metrics' implementation (src/commands/metrics.ts) and settings: in connector mode a
// company's series carry a hash of its tenant key (never the key itself), the service's own carry
// "none", and with the label turned off every company shares one series.
import { describe, expect, it } from 'vitest';
import { companyLabelOf, createMetrics } from '../../src/commands/metrics.js';
import { loadConfig } from '../../src/config.js';
import { expectReadmeBlock } from '../helpers/markdown.js';

const TENANT_KEY = 'tK9f2_randomTenantKey';

describe('metrics per company', () => {
  it('labels a company by a hash of its tenant key, never the key', async () => {
    const metrics = createMetrics({ companyLabel: true });
    metrics.forCompany(TENANT_KEY).toolCall('list_jobs', 'ok', 0.02);
    metrics.forCompany(TENANT_KEY).upstreamRequest('query', 200);
    metrics.forCompany('another-tenant').toolCall('list_jobs', 'error', 0.5, 'auth');
    metrics.service.storeRoundTrip('postgres', true, 0.001);
    const text = await metrics.registry.metrics();
    const label = companyLabelOf(TENANT_KEY);
    expect(label).toMatch(/^[0-9a-f]{16}$/);
    expect(text).toContain(`crew_mcp_tool_calls_total{tool="list_jobs",outcome="ok",company="${label}"} 1`);
    expect(text).toContain(
      `crew_mcp_upstream_requests_total{operation="query",status="200",company="${label}"} 1`,
    );
    expect(text).toContain(
      `crew_mcp_tool_errors_total{tool="list_jobs",kind="auth",company="${companyLabelOf('another-tenant')}"} 1`,
    );
    expect(text).toContain('crew_mcp_store_round_trips_total{engine="postgres",outcome="ok"} 1');
    expect(text).not.toContain(TENANT_KEY);
  });

  it('puts every company in one series when the label is off', async () => {
    const metrics = createMetrics({ companyLabel: false });
    metrics.forCompany('a').toolCall('get_crew', 'ok', 0.01);
    metrics.forCompany('b').toolCall('get_crew', 'ok', 0.01);
    const text = await metrics.registry.metrics();
    expect(text).toContain('crew_mcp_tool_calls_total{tool="get_crew",outcome="ok"} 2');
    expect(text).not.toContain('company=');
  });
});

describe('metrics settings', () => {
  it('are off by default, on loopback, with the company label on', () => {
    const { settings } = loadConfig(['http'], {});
    expect(settings.metricsPort).toBeNull();
    expect(settings.metricsHost).toBe('127.0.0.1');
    expect(settings.metricsCompanyLabel).toBe(true);
  });

  it('read the port, the host and the label switch from flags and the environment', () => {
    const flags = loadConfig(['http', '--metrics-port', '9464', '--metrics-company-label=false'], {});
    expect(flags.settings.metricsPort).toBe(9464);
    expect(flags.settings.metricsCompanyLabel).toBe(false);
    const env = loadConfig(['http'], {
      CREW_METRICS_PORT: '0',
      CREW_METRICS_HOST: '0.0.0.0',
      CREW_METRICS_COMPANY_LABEL: 'off',
    });
    expect(env.settings.metricsPort).toBe(0);
    expect(env.settings.metricsHost).toBe('0.0.0.0');
    expect(env.settings.metricsCompanyLabel).toBe(false);
    expect(() => loadConfig(['http', '--metrics-port', '70000'], {})).toThrow(
      /Metrics port \(--metrics-port, CREW_METRICS_PORT\) must be a whole number from 0 to 65535/,
    );
  });
});

describe("the README's metric list", () => {
  it('is written from the registry: every crew_mcp_ metric, its type, labels and meaning', async () => {
    const registry = createMetrics({ companyLabel: true }).registry;
    const rows = (await registry.getMetricsAsJSON())
      .filter((metric) => metric.name.startsWith('crew_mcp_') && metric.name !== 'crew_mcp_info')
      .map((metric) => {
        const labels = (registry.getSingleMetric(metric.name) as unknown as { labelNames: string[] })
          .labelNames;
        return `| \`${metric.name}\` | ${metric.type} | ${labels.map((label) => `\`${label}\``).join(', ')} | ${metric.help} |`;
      });
    expect(rows.length).toBeGreaterThanOrEqual(9);
    expectReadmeBlock(
      'metrics',
      ['| metric | type | labels | meaning |', '|---|---|---|---|', ...rows].join('\n'),
    );
  });
});
