// --metrics-port (issue 33 item 2): the built CLI serves Prometheus metrics on a listener of its
// own, never on the MCP port. Tool calls made through a real MCP client are counted per tool and
// outcome with a latency histogram; the platform requests behind them by operation kind and HTTP
// status; the token request; the planner's stages. Nothing secret or personal is in the text: not
// the API key's secret, no access token, no crew member's name.
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool, connectHttp, type SpawnedHttp, spawnHttp } from '../helpers/mcp.js';

/** The value of one series (`name{labels}`), or undefined when it is not exposed. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const body = line.slice(name.length + 1, line.lastIndexOf('}'));
    const found = Object.fromEntries([...body.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const wanted = Object.entries(labels).every(([key, value]) => found[key] === value);
    if (wanted && Object.keys(found).length === Object.keys(labels).length)
      return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

/** Every string value under a key named like a person's name, anywhere in a tool's data. */
function namesIn(data: unknown, into: Set<string> = new Set()): Set<string> {
  if (Array.isArray(data)) for (const item of data) namesIn(item, into);
  else if (data && typeof data === 'object')
    for (const [key, value] of Object.entries(data)) {
      if (/^(name|firstName|lastName|fullName)$/.test(key) && typeof value === 'string' && value.length > 2)
        into.add(value);
      else namesIn(value, into);
    }
  return into;
}

describe('crew-mcp http --metrics-port', () => {
  let server: SpawnedHttp;
  let client: Client;
  let metricsUrl: string;

  beforeAll(async () => {
    server = await spawnHttp(['--metrics-port', '0']);
    const shown = server.stdout().match(/metrics: (http:\/\/\S+\/metrics)/);
    if (!shown) throw new Error(`no metrics URL in the banner:\n${server.stdout()}`);
    metricsUrl = shown[1] as string;
    client = await connectHttp(server.mcpUrl, 'modern');
  }, 60_000);
  afterAll(async () => {
    await client?.close().catch(() => undefined);
    await server?.close();
  });

  it('listens on loopback, on a port of its own: /metrics on the MCP port is 404', async () => {
    const metrics = new URL(metricsUrl);
    expect(metrics.hostname).toBe('127.0.0.1');
    expect(metrics.port).not.toBe(new URL(server.mcpUrl).port);
    const onMcpPort = await fetch(`${server.baseUrl}/metrics`);
    expect(onMcpPort.status).toBe(404);
    expect(await onMcpPort.text()).not.toContain('crew_mcp_');
    expect((await fetch(new URL('/other', metricsUrl))).status).toBe(404);
  });

  it('counts tool calls, errors, latency, platform requests, tokens and planner stages; no secret or name', async () => {
    const crew = await callTool(client, 'list_crew', { perPage: 20 });
    expect(crew.isError, crew.text).toBe(false);
    expect((await callTool(client, 'list_jobs', {})).isError).toBe(false);
    const missing = await callTool(client, 'get_crew', { crewId: 987654321 });
    expect(missing.isError).toBe(true);
    // From the day after tomorrow: a role of today may have started (the planner leaves those out),
    // and no zone is two days ahead of UTC.
    const from = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const open = await callTool(client, 'find_open_roles', { from });
    expect(open.isError, open.text).toBe(false);
    const places = (open.data.roles as { jobId: string; roleId: string }[])
      .slice(0, 2)
      .map((role) => `${role.jobId}/${role.roleId}`);
    const plan = await callTool(client, 'plan_staffing', { places });
    expect(plan.isError, plan.text).toBe(false);

    const scraped = await fetch(metricsUrl);
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await scraped.text();

    expect(sample(text, 'crew_mcp_tool_calls_total', { tool: 'list_crew', outcome: 'ok' })).toBe(1);
    expect(sample(text, 'crew_mcp_tool_calls_total', { tool: 'list_jobs', outcome: 'ok' })).toBe(1);
    expect(sample(text, 'crew_mcp_tool_calls_total', { tool: 'get_crew', outcome: 'error' })).toBe(1);
    expect(sample(text, 'crew_mcp_tool_errors_total', { tool: 'get_crew', kind: 'not_found' })).toBe(1);
    expect(sample(text, 'crew_mcp_tool_calls_total', { tool: 'get_crew', outcome: 'ok' })).toBeUndefined();
    // The histogram: a count and a sum per tool, and cumulative buckets ending at +Inf.
    expect(sample(text, 'crew_mcp_tool_call_duration_seconds_count', { tool: 'list_crew' })).toBe(1);
    expect(sample(text, 'crew_mcp_tool_call_duration_seconds_sum', { tool: 'list_crew' })).toBeGreaterThan(0);
    expect(
      sample(text, 'crew_mcp_tool_call_duration_seconds_bucket', { tool: 'list_crew', le: '+Inf' }),
    ).toBe(1);
    expect(sample(text, 'crew_mcp_tool_call_duration_seconds_count', { tool: 'plan_staffing' })).toBe(1);

    const reads = sample(text, 'crew_mcp_upstream_requests_total', {
      operation: 'query',
      status: '200',
    });
    expect(reads).toBeGreaterThanOrEqual(5);
    expect(sample(text, 'crew_mcp_platform_token_requests_total', { outcome: 'issued' })).toBe(1);
    expect(sample(text, 'crew_mcp_planner_stage_seconds_count', { stage: 'prepare' })).toBe(1);
    expect(sample(text, 'crew_mcp_planner_stage_seconds_count', { stage: 'solve' })).toBe(1);
    expect(sample(text, 'crew_mcp_planner_stage_seconds_count', { stage: 'filled' })).toBe(1);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);

    // No secret, no token, no person: the sandbox key's secret, any JWT, the names the tools showed.
    expect(text).not.toContain('demo-admin-secret');
    expect(text).not.toMatch(/eyJ[\w-]+\.[\w-]+/);
    expect(text).not.toMatch(/bearer/i);
    const names = namesIn([crew.data, plan.data]);
    expect(names.size).toBeGreaterThan(3);
    for (const name of names) expect(text, name).not.toContain(name);
  });
});
