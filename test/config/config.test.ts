import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

const live = {
  CREW_CLIENT_ID: 'id',
  CREW_CLIENT_SECRET: 'secret',
  CREW_AUTH_URL: 'https://auth.example.com',
  CREW_REALM: 'acme',
  CREW_API_URL: 'https://api.example.com/',
};

describe('config', () => {
  it('defaults to stdio against the embedded sandbox with the demo-admin key', () => {
    const config = loadConfig([], {});
    expect(config.command).toBe('stdio');
    expect(config.upstream).toEqual({ kind: 'sandbox', sandboxKey: 'demo-admin' });
    expect(config.http).toEqual({ host: '127.0.0.1', port: 8765, allowedOrigins: [], allowedHosts: [] });
    expect(config.timeoutMs).toBe(30_000);
  });

  it('reads live credentials from the environment and trims URL slashes', () => {
    const config = loadConfig(['http'], live);
    expect(config.command).toBe('http');
    expect(config.upstream).toMatchObject({ kind: 'live', apiUrl: 'https://api.example.com', realm: 'acme' });
  });

  it('names every missing credential when only some are set', () => {
    expect(() => loadConfig([], { CREW_CLIENT_ID: 'id', CREW_API_URL: 'https://x.example' })).toThrow(
      /missing CREW_CLIENT_SECRET \(--client-secret\), CREW_AUTH_URL \(--auth-url\), CREW_REALM \(--realm\)/,
    );
  });

  it('lets CLI flags win over the environment', () => {
    const config = loadConfig(['http', '--port', '9000', '--timeout-ms=500'], { CREW_HTTP_PORT: '7000' });
    expect(config.http.port).toBe(9000);
    expect(config.timeoutMs).toBe(500);
  });

  it('reads extra allowed hosts and origins', () => {
    const config = loadConfig(['http', '--allowed-hosts', 'crew.example.com'], {
      CREW_ALLOWED_ORIGINS: 'app.example.com',
    });
    expect(config.http.allowedHosts).toEqual(['crew.example.com']);
    expect(config.http.allowedOrigins).toEqual(['app.example.com']);
  });

  it('rejects unknown flags and commands with a clear message', () => {
    expect(() => loadConfig(['--bogus'], {})).toThrow(ConfigError);
    expect(() => loadConfig(['--bogus'], {})).toThrow(/Unknown option "--bogus"/);
    expect(() => loadConfig(['serve'], {})).toThrow(/Unknown command "serve"/);
  });

  it('names the nearest known option for a misspelled one', () => {
    expect(() => loadConfig(['--prot', '9000'], {})).toThrow(
      /Unknown option "--prot"; did you mean "--port"\? Run "crew-mcp --help"/,
    );
    expect(() => loadConfig(['http', '--read-onyl'], {})).toThrow(/did you mean "--read-only"/);
  });

  it('keeps every value as parsed by its row of the settings table', () => {
    const { settings } = loadConfig(['--events-max-mb', '2'], { CREW_HTTP_PORT: '9001' });
    expect(settings).toMatchObject({
      port: 9001,
      eventsMaxMb: 2,
      logLevel: 'info',
      sandboxKey: 'demo-admin',
    });
  });

  it('rejects bad values naming the flag', () => {
    expect(() => loadConfig(['--port', 'abc'], {})).toThrow(/Port .* whole number/);
    expect(() => loadConfig(['--toolsets', 'jobs,payroll'], {})).toThrow(/Unknown toolset "payroll"/);
    expect(() => loadConfig(['--log-level', 'loud'], {})).toThrow(/Log level/);
    expect(() => loadConfig(['--port'], {})).toThrow(/needs a value/);
    expect(() => loadConfig([], { ...live, CREW_API_URL: 'ftp://x' })).toThrow(
      /CREW_API_URL must be an http/,
    );
  });

  it('parses tool filters and read-only mode', () => {
    const config = loadConfig(
      ['--read-only', '--toolsets', 'jobs, crew', '--tools', 'list_jobs', '--exclude-tools', 'get_crew'],
      {},
    );
    expect(config.readOnly).toBe(true);
    expect(config.toolsets).toEqual(['jobs', 'crew']);
    expect(config.tools).toEqual(['list_jobs']);
    expect(config.excludeTools).toEqual(['get_crew']);
    expect(loadConfig([], { CREW_READ_ONLY: 'true' }).readOnly).toBe(true);
  });

  it('picks another sandbox key, but not beside live credentials', () => {
    expect(loadConfig(['--sandbox-key', 'demo-readonly'], {}).upstream).toEqual({
      kind: 'sandbox',
      sandboxKey: 'demo-readonly',
    });
    expect(() => loadConfig(['--sandbox-key', 'demo-readonly'], live)).toThrow(/sandbox only/);
  });

  it('passes sandbox arguments through untouched', () => {
    const config = loadConfig(['sandbox', '--port', '4000'], {});
    expect(config.command).toBe('sandbox');
    expect(config.rest).toEqual(['--port', '4000']);
  });

  describe('release: booleans, MCPB placeholders, check and graphql_query flags', () => {
    it('reads boolean variables strictly: yes/no words, anything else is an error naming the variable', () => {
      expect(loadConfig([], { CREW_READ_ONLY: 'on' }).readOnly).toBe(true);
      expect(loadConfig([], { CREW_READ_ONLY: 'No' }).readOnly).toBe(false);
      expect(loadConfig([], { CREW_READ_ONLY: '0' }).readOnly).toBe(false);
      expect(() => loadConfig([], { CREW_READ_ONLY: 'maybe' })).toThrow(
        /CREW_READ_ONLY must be one of 1, true, yes, on, 0, false, no, off \(like --read-only\), got "maybe"/,
      );
    });

    it('treats an MCPB placeholder left unfilled (the literal user_config reference) as unset', () => {
      const unfilled = (name: string) => `\${user_config.${name}}`;
      const config = loadConfig([], {
        CREW_CLIENT_ID: unfilled('client_id'),
        CREW_CLIENT_SECRET: unfilled('client_secret'),
        CREW_AUTH_URL: unfilled('auth_url'),
        CREW_REALM: unfilled('realm'),
        CREW_API_URL: unfilled('api_url'),
      });
      expect(config.upstream).toEqual({ kind: 'sandbox', sandboxKey: 'demo-admin' });
      expect(loadConfig([], { ...live, CREW_READ_ONLY: unfilled('read_only') }).readOnly).toBe(false);
    });

    it('--allow-graphql-mutations, never with read-only mode', () => {
      expect(loadConfig(['--allow-graphql-mutations'], {}).allowGraphqlMutations).toBe(true);
      expect(loadConfig([], {}).allowGraphqlMutations).toBe(false);
      expect(() => loadConfig(['--allow-graphql-mutations'], { CREW_READ_ONLY: 'true' })).toThrow(
        /cannot be combined with --read-only/,
      );
    });

    it('check takes --json; other commands refuse it', () => {
      expect(loadConfig(['check', '--json'], {}).json).toBe(true);
      expect(() => loadConfig(['http', '--json'], {})).toThrow(/--json applies to "crew-mcp check" only/);
    });

    it('knows whether a log level was asked for (check prints no logs otherwise)', () => {
      expect(loadConfig(['check'], {}).logLevelGiven).toBe(false);
      expect(loadConfig(['check'], { CREW_LOG_LEVEL: 'debug' }).logLevelGiven).toBe(true);
    });

    it('suggests the nearest toolset', () => {
      expect(() => loadConfig(['--toolsets', 'job'], {})).toThrow(
        /Unknown toolset "job" in --toolsets; did you mean "jobs"\?/,
      );
    });
  });
});

describe('config: security (issue 11)', () => {
  const TOKENS = { CREW_AUTH_TOKENS: `ci:${'a'.repeat(40)}` };

  it('defaults to no auth on loopback, with limits, no local files and unsigned webhooks refused', () => {
    const { security } = loadConfig(['http'], {});
    expect(security).toEqual({
      auth: { mode: 'none' },
      publicUrl: null,
      ratePerMinute: 600,
      sessionsPerClient: 50,
      filesRoots: [],
      trustedProxies: [],
      webhookAllowUnsigned: false,
      eventsMaxAgeDays: 30,
      eventsMaxBytes: 64 * 1024 * 1024,
      shutdownTimeoutMs: 10_000,
    });
  });

  it('refuses to serve http beyond loopback without an auth mode, saying how to enable one', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'crew.example.com']) {
      expect(() => loadConfig(['http', '--host', host], {})).toThrow(ConfigError);
      expect(() => loadConfig(['http', '--host', host], {})).toThrow(/--auth bearer .*--auth oauth/);
    }
    for (const host of ['127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]']) {
      expect(loadConfig(['http', '--host', host], {}).security.auth.mode).toBe('none');
    }
    // stdio binds nothing.
    expect(loadConfig(['--host', '0.0.0.0'], {}).security.auth.mode).toBe('none');
    expect(loadConfig(['http', '--host', '0.0.0.0', '--auth', 'bearer'], TOKENS).security.auth.mode).toBe(
      'bearer',
    );
  });

  it('bearer mode takes tokens from the environment or a file, never from argv', () => {
    expect(loadConfig(['http', '--auth', 'bearer'], TOKENS).security.auth).toEqual({
      mode: 'bearer',
      tokens: TOKENS.CREW_AUTH_TOKENS,
      tokensFile: null,
    });
    expect(
      loadConfig(['http', '--auth=bearer', '--auth-tokens-file', '/etc/crew/tokens'], {}).security.auth,
    ).toEqual({ mode: 'bearer', tokens: null, tokensFile: '/etc/crew/tokens' });
    expect(() => loadConfig(['http', '--auth', 'bearer'], {})).toThrow(
      /CREW_AUTH_TOKENS.*--auth-tokens-file/,
    );
    expect(() => loadConfig(['http', '--auth-tokens', 'x'], {})).toThrow(/Unknown option "--auth-tokens"/);
    expect(() => loadConfig(['http', '--auth', 'basic'], {})).toThrow(
      /--auth must be one of none, bearer, oauth/,
    );
  });

  it('oauth mode needs an issuer (https unless loopback) and, beyond loopback, the public URL', () => {
    expect(
      loadConfig(['http', '--auth', 'oauth', '--oauth-issuer', 'https://id.example.com/realms/acme/'], {})
        .security.auth,
    ).toEqual({ mode: 'oauth', issuer: 'https://id.example.com/realms/acme', jwksUrl: null });
    expect(() => loadConfig(['http', '--auth', 'oauth'], {})).toThrow(/needs --oauth-issuer/);
    expect(() =>
      loadConfig(['http', '--auth', 'oauth', '--oauth-issuer', 'http://id.example.com'], {}),
    ).toThrow(/must be an https URL/);
    expect(
      loadConfig(['http', '--auth', 'oauth', '--oauth-issuer', 'http://127.0.0.1:9000/realms/x'], {}).security
        .auth.mode,
    ).toBe('oauth');
    const remote = [
      'http',
      '--host',
      '0.0.0.0',
      '--auth',
      'oauth',
      '--oauth-issuer',
      'https://id.example.com',
    ];
    expect(() => loadConfig(remote, {})).toThrow(/needs --public-url/);
    expect(loadConfig([...remote, '--public-url', 'https://crew.example.com'], {}).security.publicUrl).toBe(
      'https://crew.example.com',
    );
  });

  it('reads limits, retention and the shutdown bound, naming a bad value', () => {
    const { security } = loadConfig(
      [
        '--rate-limit',
        '60',
        '--max-sessions-per-client',
        '3',
        '--events-max-age-days',
        '7',
        '--events-max-mb',
        '2',
        '--shutdown-timeout-ms',
        '500',
        '--webhook-allow-unsigned',
      ],
      {},
    );
    expect(security).toMatchObject({
      ratePerMinute: 60,
      sessionsPerClient: 3,
      eventsMaxAgeDays: 7,
      eventsMaxBytes: 2 * 1024 * 1024,
      shutdownTimeoutMs: 500,
      webhookAllowUnsigned: true,
    });
    expect(loadConfig([], { CREW_RATE_LIMIT: '0' }).security.ratePerMinute).toBe(0);
    expect(() => loadConfig(['--rate-limit', 'lots'], {})).toThrow(/Rate limit .*whole number/);
    expect(() => loadConfig(['--max-sessions-per-client', '0'], {})).toThrow(/Sessions per client/);
  });

  it('allows local files only under absolute roots, never /proc, /dev or /sys, and not over http', () => {
    expect(loadConfig(['--files-root', '/home/me/docs, /srv/cv'], {}).security.filesRoots).toEqual([
      '/home/me/docs',
      '/srv/cv',
    ]);
    expect(() => loadConfig(['--files-root', 'docs'], {})).toThrow(/absolute directories/);
    for (const root of ['/proc', '/proc/self', '/dev/', '/sys'])
      expect(() => loadConfig(['--files-root', root], {})).toThrow(/never read/);
    expect(() => loadConfig(['http', '--files-root', '/srv'], {})).toThrow(/stdio mode only/);
  });
});
