// Secrets from the environment or a file (issue 34): --client-secret-file and --webhook-secret-file
// read the secret (one line); a secret given as a flag, visible to every user in `ps`, is warned
// about; a file that cannot be read, an empty one, or a file beside the secret itself is refused.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'crew-secret-files-'));
  await writeFile(join(dir, 'client'), 'from-the-file\n');
  await writeFile(join(dir, 'empty'), '\n');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const PLATFORM = {
  CREW_CLIENT_ID: 'acme',
  CREW_AUTH_URL: 'https://auth.example.com',
  CREW_REALM: 'acme',
  CREW_API_URL: 'https://api.example.com',
};

describe('secret files', () => {
  it('reads the client secret and the webhook secret from their files, with no warning', () => {
    const config = loadConfig(
      ['http', '--client-secret-file', join(dir, 'client'), '--webhook-secret-file', join(dir, 'client')],
      PLATFORM,
    );
    expect(config.upstream).toMatchObject({ kind: 'live', clientSecret: 'from-the-file' });
    expect(config.webhookSecret).toBe('from-the-file');
    expect(config.warnings).toEqual([]);
  });

  it('takes them from the environment, with no warning', () => {
    const config = loadConfig(['http'], {
      ...PLATFORM,
      CREW_CLIENT_SECRET: 'env',
      CREW_WEBHOOK_SECRET: 'hook',
    });
    expect(config.upstream).toMatchObject({ clientSecret: 'env' });
    expect(config.warnings).toEqual([]);
  });

  it('warns about a secret given as a flag, naming the variable and the file flag', () => {
    const config = loadConfig(['http', '--client-secret', 'visible', '--webhook-secret', 'also'], PLATFORM);
    expect(config.upstream).toMatchObject({ clientSecret: 'visible' });
    expect(config.warnings).toEqual([
      'crew-mcp: warning: --client-secret puts the secret on the command line, where other users of this machine can read it (ps, /proc); set CREW_CLIENT_SECRET or give --client-secret-file FILE instead.',
      'crew-mcp: warning: --webhook-secret puts the secret on the command line, where other users of this machine can read it (ps, /proc); set CREW_WEBHOOK_SECRET or give --webhook-secret-file FILE instead.',
    ]);
  });

  it('refuses a missing file, an empty one, and a file beside the secret', () => {
    expect(() => loadConfig(['http', '--client-secret-file', join(dir, 'none')], PLATFORM)).toThrow(
      `--client-secret-file ${join(dir, 'none')} could not be read: ENOENT.`,
    );
    expect(() => loadConfig(['http', '--webhook-secret-file', join(dir, 'empty')], PLATFORM)).toThrow(
      /--webhook-secret-file .*empty is empty: it should hold the secret/,
    );
    expect(() =>
      loadConfig(['http', '--client-secret-file', join(dir, 'client')], {
        ...PLATFORM,
        CREW_CLIENT_SECRET: 'x',
      }),
    ).toThrow('Give CREW_CLIENT_SECRET (--client-secret) or --client-secret-file, not both.');
  });
});
