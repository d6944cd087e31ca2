// `crew-mcp check` fails when nothing would work, as an operator meets it (issue 34): an API URL
// that answers 404 without GraphQL (the sandbox's /gql URL given as the base), a network failure
// given with its cause, a store key that cannot open the stored secrets (the connector refuses
// to start too, unless told to discard them), and replicas sharing a store without platform
// settings (each would run its own sandbox). Each failure names the setting and the fix.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { openStore } from '../../src/store/index.js';
import { SecretBox } from '../../src/store/secret-box.js';
import { runCli } from '../helpers/mcp.js';
import { liveFlagsFor, startTestSandbox } from '../helpers/sandbox.js';
import { createTestDatabase, type TestDatabase } from '../helpers/store-engines.js';

/** A loopback port nothing listens on (taken, then let go). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let sandbox: RunningSandbox;

/** A company's grant on the sandbox, its secret sealed with `key` in the store at `where`. */
async function sealGrant(
  where: { url: string | null; dataDir: string | null },
  key: string,
  grantId: string,
) {
  const store = await openStore({ ...where, box: new SecretBox(Buffer.from(key, 'base64')) });
  try {
    const tenant = await store.tenants.upsert({
      apiUrl: sandbox.baseUrl,
      platformClientId: 'demo-admin',
      authUrl: sandbox.authUrl,
      realm: sandbox.realm,
    });
    await store.tenants.createGrant({
      grantId,
      tenantKey: tenant.key,
      secret: 'demo-admin-secret',
      platformScopes: [],
    });
  } finally {
    await store.close();
  }
}
let dir: string;
beforeAll(async () => {
  sandbox = await startTestSandbox();
  dir = await mkdtemp(join(tmpdir(), 'crew-check-failures-'));
});
afterAll(async () => {
  await sandbox?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const withFlag = (flag: string, value: string) => {
  const flags = liveFlagsFor(sandbox);
  flags[flags.indexOf(flag) + 1] = value;
  return flags;
};

describe('the API URL', () => {
  it('ending in /gql (the URL the sandbox prints under its base): FAIL, CREW_API_URL, and the URL to set', async () => {
    const run = await runCli(['check', ...withFlag('--api-url', `${sandbox.baseUrl}/gql`)]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      `FAIL GraphQL: The platform's GraphQL API at ${sandbox.baseUrl}/gql/gql answered HTTP 404 without a GraphQL body: CREW_API_URL ends in /gql, which crew-mcp adds itself: set it to ${sandbox.baseUrl}.`,
    );
    expect(run.stdout).toMatch(/\n {2}change CREW_API_URL\n/);
    expect(run.stdout).not.toMatch(/ok {2}GraphQL/);
  });

  it('answering 404 elsewhere: FAIL, CREW_API_URL, the base URL without /gql', async () => {
    const run = await runCli(['check', '--json', ...withFlag('--api-url', `${sandbox.baseUrl}/api/v2`)]);
    const report = JSON.parse(run.stdout);
    expect(run.code).toBe(1);
    expect(report.graphql.ok).toBe(false);
    expect(report.problems).toEqual([
      {
        check: 'graphql',
        setting: 'CREW_API_URL',
        message: expect.stringMatching(
          /answered HTTP 404 without a GraphQL body: check CREW_API_URL: the base URL/,
        ),
      },
    ]);
  });

  it('where nothing listens: the cause, not a bare "fetch failed"', async () => {
    const run = await runCli([
      'check',
      ...withFlag('--api-url', 'http://127.0.0.1:9'),
      '--timeout-ms',
      '2000',
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /FAIL GraphQL: The platform API at http:\/\/127\.0\.0\.1:9 failed: connection refused: nothing listens there \(ECONNREFUSED\)/,
    );
  });

  it('a token endpoint where nothing listens: the cause', async () => {
    const run = await runCli(['check', ...withFlag('--auth-url', 'http://127.0.0.1:9')]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /FAIL token: .*could not be reached \(connection refused: nothing listens there \(ECONNREFUSED\)\)/,
    );
    expect(run.stdout).toMatch(/change CREW_AUTH_URL/);
  });

  it('a webhook URL where nothing listens: the cause', async () => {
    // Not port 9: fetch refuses it before connecting ("bad port").
    const closed = await closedPort();
    const run = await runCli(
      [
        'check',
        '--json',
        ...liveFlagsFor(sandbox),
        '--webhook-public-url',
        `http://127.0.0.1:${closed}/webhooks`,
      ],
      { CREW_WEBHOOK_SECRET: 'shh' },
    );
    const report = JSON.parse(run.stdout);
    expect(run.code).toBe(1);
    expect(report.webhooks.detail).toBe(
      'could not be reached (connection refused: nothing listens there (ECONNREFUSED))',
    );
  });
});

describe('the connector store key', () => {
  const keyA = randomBytes(32).toString('base64');
  const keyB = randomBytes(32).toString('base64');
  const connector = (key: string, more: string[] = []) =>
    // A start takes up to a minute on a loaded machine (PGlite, the sandbox): 3 minutes allowed.
    runCli(
      ['http', '--auth', 'connector', '--port', '0', '--data-dir', dir, ...more],
      { CREW_STORE_KEY: key, HOME: dir },
      180_000,
    );
  const doctor = (key: string) =>
    runCli(['check', '--auth', 'connector', '--data-dir', dir], { CREW_STORE_KEY: key, HOME: dir }, 180_000);

  it('a key other than the one the store was opened with: check fails, the connector refuses to start, the flag discards', async () => {
    // A connector started once with key A, then a company's grant sealed with A in its store.
    const first = await connector(keyA);
    expect(first.code, first.stderr).toBe(0);
    await sealGrant({ url: null, dataDir: dir }, keyA, 'g-a');

    const good = await doctor(keyA);
    expect(good.stdout).toMatch(/ok {2}store key: present/);
    expect(good.code).toBe(0);

    const wrong = await doctor(keyB);
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toMatch(
      /FAIL store key: the embedded store in .* was last opened with store key \S+, and CREW_STORE_KEY is \S+: .*CREW_STORE_PREVIOUS_KEY.*--discard-unreadable-secrets/,
    );

    const refused = await connector(keyB);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /CREW_STORE_KEY \(or --store-key-file\) cannot open 1 stored secret\(s\): they are sealed with store key \S+, and the key given is \S+\. .*--discard-unreadable-secrets/,
    );
    expect(refused.stdout).not.toContain('serving MCP');

    const discarding = await connector(keyB, ['--discard-unreadable-secrets', '--log-level', 'warn']);
    expect(discarding.code, discarding.stderr).toBe(0);
    expect(discarding.stderr).toMatch(/"discarded":1.*--discard-unreadable-secrets/);
    expect((await doctor(keyB)).code).toBe(0);
    const after = await openStore({
      url: null,
      dataDir: dir,
      box: new SecretBox(Buffer.from(keyB, 'base64')),
    });
    try {
      expect(await after.tenants.grant('g-a')).toMatchObject({ status: 'needs_reconnect' });
    } finally {
      await after.close();
    }
  }, 600_000);
});

describe('a connector on a shared PostgreSQL store', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('crew_check_failures');
  });
  afterAll(async () => {
    await database?.drop();
  });
  const key = randomBytes(32).toString('base64');

  it('without platform settings: check fails and the connector refuses to start, naming the settings', async () => {
    const env = { CREW_STORE_KEY: key, HOME: dir };
    const run = await runCli(['check', '--auth', 'connector', '--store', database.url], env);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /FAIL platform settings: --store \(CREW_STORE\) is for replicas .* each replica would run its own embedded sandbox.*set CREW_AUTH_URL, CREW_REALM and CREW_API_URL/,
    );
    const start = await runCli(['http', '--auth', 'connector', '--port', '0', '--store', database.url], env);
    expect(start.code).toBe(2);
    expect(start.stderr).toMatch(/each replica would run its own embedded sandbox/);
  }, 120_000);

  it('with a key that cannot open its secrets: check fails, naming CREW_STORE_KEY', async () => {
    await sealGrant({ url: database.url, dataDir: null }, key, 'g-pg');
    const env = {
      HOME: dir,
      CREW_AUTH_URL: sandbox.authUrl,
      CREW_REALM: sandbox.realm,
      CREW_API_URL: sandbox.baseUrl,
    };
    const args = ['check', '--auth', 'connector', '--store', database.url];
    const good = await runCli(args, { ...env, CREW_STORE_KEY: key });
    expect(good.stdout).toMatch(/ok {2}store key: present \(key \S+\), opens the stored secrets/);
    expect(good.code, good.stdout).toBe(0);
    const wrong = await runCli(args, { ...env, CREW_STORE_KEY: randomBytes(32).toString('base64') });
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toMatch(
      /FAIL store key: CREW_STORE_KEY \(or --store-key-file\) cannot open 1 stored secret\(s\)/,
    );
  }, 120_000);
});
