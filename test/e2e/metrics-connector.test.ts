// --metrics-port in connector mode (issue 33 item 2): two companies, on two platforms, call tools
// through one replica; each company's tool calls and platform requests are counted under its own
// `company` label (16 hex characters of a hash of its tenant key, never the key, its client id or
// a name), and with `--metrics-company-label=false` a second replica keeps one series for all.
import { randomBytes } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { companyLabelOf } from '../../src/commands/metrics.js';
import { parseStoreKey, SecretBox } from '../../src/store/secret-box.js';
import { type Connection, connectTwoCompanies, type TwoCompanies } from '../helpers/connector-flow.js';
import { callTool, connectHttp } from '../helpers/mcp.js';
import { freePort, type Replica, type ReplicaSet, spawnConnectorReplica } from '../helpers/replicas.js';

const STORE_KEY = randomBytes(32).toString('base64');

let set: ReplicaSet;
let pair: TwoCompanies | undefined;
let unlabelled: Replica | undefined;
let metricsPort: number;
const clients: Client[] = [];
const companies: Connection[] = [];

/** The series of `name` whose labels include `labels`: their label sets and values. */
function series(text: string, name: string, labels: Record<string, string>) {
  const found: { labels: Record<string, string>; value: number }[] = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const body = line.slice(name.length + 1, line.lastIndexOf('}'));
    const parsed = Object.fromEntries([...body.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => parsed[key] === value))
      found.push({
        labels: parsed as Record<string, string>,
        value: Number(line.slice(line.lastIndexOf(' ') + 1)),
      });
  }
  return found;
}

async function scrape(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(response.status).toBe(200);
  return response.text();
}

async function callAs(url: string, company: Connection, times: number): Promise<void> {
  const client = await connectHttp(url, 'modern', company.accessToken);
  clients.push(client);
  for (let i = 0; i < times; i++) {
    const result = await callTool(client, 'list_crew', { perPage: 5 });
    expect(result.isError, result.text).toBe(false);
  }
}

beforeAll(async () => {
  metricsPort = await freePort();
  pair = await connectTwoCompanies(
    {
      replicas: 1,
      connectorStoreKey: STORE_KEY,
      args: ['--metrics-port', String(metricsPort)],
    },
    new SecretBox(parseStoreKey(STORE_KEY, 'key')),
  );
  ({ set } = pair);
  companies.push(...pair.companies);
}, 120_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  await unlabelled?.kill('SIGTERM');
  await pair?.close();
}, 30_000);

it("counts each company's calls under its own hashed label, never its key, client id or a name", async () => {
  const [first, second] = companies as [Connection, Connection];
  await callAs(set.mcpUrl, first, 2);
  await callAs(set.mcpUrl, second, 3);
  const text = await scrape(metricsPort);
  for (const [company, calls] of [
    [first, 2],
    [second, 3],
  ] as const) {
    const label = companyLabelOf(company.tenantKey);
    expect(label).toMatch(/^[0-9a-f]{16}$/);
    expect(
      series(text, 'crew_mcp_tool_calls_total', { tool: 'list_crew', outcome: 'ok', company: label }).map(
        (entry) => entry.value,
      ),
    ).toEqual([calls]);
    // The platform requests behind them, on that company's own platform, under the same label.
    const upstream = series(text, 'crew_mcp_upstream_requests_total', { company: label });
    expect(upstream.reduce((sum, entry) => sum + entry.value, 0)).toBeGreaterThanOrEqual(calls);
    expect(text).not.toContain(company.tenantKey);
  }
  expect(text).not.toContain('demo-admin');
  expect(text).not.toMatch(/eyJ[\w-]+\.[\w-]+/);
}, 60_000);

it('with --metrics-company-label=false, one series for every company', async () => {
  const metrics = await freePort();
  unlabelled = await spawnConnectorReplica(set, 'unlabelled', STORE_KEY, [
    '--metrics-port',
    String(metrics),
    '--metrics-company-label=false',
  ]);
  const [first, second] = companies as [Connection, Connection];
  await callAs(unlabelled.mcpUrl, first, 1);
  await callAs(unlabelled.mcpUrl, second, 1);
  const text = await scrape(metrics);
  const calls = series(text, 'crew_mcp_tool_calls_total', { tool: 'list_crew', outcome: 'ok' });
  expect(calls).toEqual([{ labels: { tool: 'list_crew', outcome: 'ok' }, value: 2 }]);
  expect(text).not.toMatch(/company="/);
}, 60_000);
