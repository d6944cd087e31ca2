// `crew-mcp check`, the doctor, as a user runs it (the built CLI): against the embedded sandbox,
// against a "live" platform (a test sandbox reached with credentials) whose schema differs from
// our model, and with the mistakes users make. One token request per run; no log lines unless
// asked; each failure names the setting to change; exit 0 only when the listed tools can work.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { runCli, spawnHttp } from '../helpers/mcp.js';
import { DIFFERING_SCHEMA, liveFlagsFor, startTestSandbox } from '../helpers/sandbox.js';

const check = (args: string[], env: Record<string, string> = {}) => runCli(['check', ...args], env, 20_000);

let differing: RunningSandbox;
beforeAll(async () => {
  differing = await startTestSandbox({ schemaVariant: DIFFERING_SCHEMA });
});
afterAll(async () => {
  await differing?.close();
});

describe('crew-mcp check against the embedded sandbox', () => {
  it('prints a human report and no log line, and exits 0', async () => {
    const run = await check([]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^crew-mcp check: embedded sandbox http:\/\/127\.0\.0\.1:\d+ \(client demo-admin\)/,
    );
    expect(run.stdout).toMatch(/ok {2}token: obtained, expires \S+ \(in 12 h\), scopes jobs:read/);
    expect(run.stdout).toMatch(/ok {2}schema: same as our model/);
    expect(run.stdout).toMatch(/result: ok\n$/);
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/"level":/);
  });

  it('gives the same report as JSON with --json', async () => {
    const run = await check(['--json']);
    const report = JSON.parse(run.stdout);
    expect(run.code).toBe(0);
    expect(report.ok).toBe(true);
    expect(report.schema.compared).toBe(true);
    expect(Object.values(report.schema.differences).flat()).toEqual([]);
    expect(report.tools.listed).toContain('list_jobs');
    expect(report.tools.notListed).toEqual([]);
  });

  it('shows log lines when a log level is asked for', async () => {
    const run = await check(['--log-level', 'info']);
    expect(run.stderr).toMatch(/"level":30/);
  });

  it('lists what a read-only key may not use, and why', async () => {
    const run = await check(['--json', '--sandbox-key', 'demo-readonly']);
    const report = JSON.parse(run.stdout);
    expect(run.code).toBe(0);
    expect(report.tools.notListed).toContainEqual({
      name: 'create_jobs',
      reason: 'the API key lacks the scope jobs:write',
    });
  });
});

describe('crew-mcp check against a live platform whose schema differs', () => {
  it('reports the differences, the fields tools do without and the tools not listed, with one token request', async () => {
    differing.resetStats();
    const run = await check(['--json', ...liveFlagsFor(differing)]);
    const report = JSON.parse(run.stdout);
    expect(run.code).toBe(0);
    expect(report.upstream.kind).toBe('live');
    expect(report.schema.differences).toEqual({
      missingOperations: ['query companyLeavers'],
      missingTypes: [],
      missingFields: [{ field: 'Job.location', renamedTo: 'venue' }],
      missingEnumValues: [],
      extraEnumValues: ['CrewJobStatus.WAITLISTED'],
    });
    expect(report.schema.dropped.list_jobs).toEqual(['Job.location']);
    expect(report.tools.listed).toContain('list_jobs');
    expect(report.tools.notListed).toEqual([
      { name: 'list_leavers', reason: expect.stringMatching(/no operation companyLeavers/) },
    ]);
    expect(differing.stats.tokenRequests).toBe(1);
  });

  it('says it in words', async () => {
    const run = await check(liveFlagsFor(differing));
    expect(run.stdout).toMatch(/missing field: Job\.location \(renamed to Job\.venue\?\)/);
    expect(run.stdout).toMatch(/list_jobs works without Job\.location/);
    expect(run.stdout).toMatch(/not listed: list_leavers/);
  });
});

describe('crew-mcp check against a platform that refuses introspection', () => {
  it('says the schema was not compared, lists every tool the key may use, and exits 0', async () => {
    const closed = await startTestSandbox({ schemaVariant: { noIntrospection: true } });
    try {
      const run = await check(liveFlagsFor(closed));
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/ok {2}GraphQL: .* answers/);
      expect(run.stdout).toMatch(/-- {2}schema: not compared \(introspection refused: .*introspection/);
      expect(run.stdout).toMatch(/ok {2}tools listed \(\d+\): .*list_leavers/);
      expect(run.stdout).not.toMatch(/not listed/);
    } finally {
      await closed.close();
    }
  });
});

describe('crew-mcp check names the setting to change', () => {
  const withFlag = (flag: string, value: string) => {
    const flags = liveFlagsFor(differing);
    flags[flags.indexOf(flag) + 1] = value;
    return flags;
  };

  it('a wrong realm: CREW_REALM, and nothing else is tried (exit 1)', async () => {
    differing.resetStats();
    const run = await check(withFlag('--realm', 'crew-prod'));
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/FAIL token: .*realm "crew-prod" does not exist/);
    expect(run.stdout).toMatch(/\n {2}change CREW_REALM\n/);
    expect(run.stdout).not.toMatch(/GraphQL|retried/);
    expect(differing.stats.graphqlRequests).toBe(0);
  });

  it('a wrong secret: CREW_CLIENT_ID / CREW_CLIENT_SECRET', async () => {
    const run = await check(['--json', ...withFlag('--client-secret', 'not-the-secret')]);
    const report = JSON.parse(run.stdout);
    expect(run.code).toBe(1);
    expect(report.problems).toEqual([
      expect.objectContaining({ check: 'token', setting: 'CREW_CLIENT_ID / CREW_CLIENT_SECRET' }),
    ]);
  });

  it('an API URL where no platform answers: CREW_API_URL', async () => {
    const run = await check([
      '--json',
      ...withFlag('--api-url', 'http://127.0.0.1:9'),
      '--timeout-ms',
      '2000',
    ]);
    const report = JSON.parse(run.stdout);
    expect(run.code).toBe(1);
    expect(report.problems).toEqual([expect.objectContaining({ check: 'graphql', setting: 'CREW_API_URL' })]);
  });

  it('an unreachable webhook URL: CREW_WEBHOOK_PUBLIC_URL', async () => {
    const run = await check([
      '--json',
      ...liveFlagsFor(differing),
      '--webhook-public-url',
      'http://127.0.0.1:9/webhooks',
      '--webhook-secret',
      'shh',
    ]);
    const report = JSON.parse(run.stdout);
    expect(run.code).toBe(1);
    expect(report.webhooks).toMatchObject({ configured: true, reachable: false });
    expect(report.problems).toEqual([
      expect.objectContaining({ check: 'webhooks', setting: 'CREW_WEBHOOK_PUBLIC_URL' }),
    ]);
  });

  it('a webhook URL where a crew-mcp receiver answers is reachable (exit 0)', async () => {
    const server = await spawnHttp();
    try {
      const run = await check([
        '--json',
        ...liveFlagsFor(differing),
        '--webhook-public-url',
        `${server.baseUrl}/webhooks`,
        '--webhook-secret',
        'shh',
      ]);
      const report = JSON.parse(run.stdout);
      expect(run.code).toBe(0);
      expect(report.webhooks).toEqual({
        configured: true,
        url: `${server.baseUrl}/webhooks`,
        reachable: true,
        detail: 'reaches a crew-mcp webhook receiver',
      });
    } finally {
      await server.close();
    }
  });
});
