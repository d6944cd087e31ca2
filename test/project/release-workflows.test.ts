// The release pipeline (issue 34): .github/workflows/ci.yml runs the README's test command on
// Node 22 and 24 with PostgreSQL, HAProxy and Chromium; release.yml, on a version tag, runs that
// job, then publishes to npm with provenance, attaches the .mcpb to the GitHub release and
// publishes server.json to the MCP Registry. Both pass a workflow linter from npm
// (@action-validator/cli: the schema of workflows, offline, WebAssembly inside the package), and
// `npm publish --dry-run` packs what a release would publish.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { packagePath, readPackageFile } from '../../src/paths.js';

const run = promisify(execFile);
const WORKFLOWS = packagePath('.github', 'workflows');
const VALIDATOR = join(
  packagePath('node_modules', '@action-validator', 'cli'),
  createRequire(import.meta.url)('@action-validator/cli/package.json').bin['action-validator'],
);

async function validate(file: string): Promise<{ code: number; output: string }> {
  return run(process.execPath, [VALIDATOR, file]).then(
    ({ stdout, stderr }) => ({ code: 0, output: `${stdout}${stderr}` }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      output: `${error.stdout}${error.stderr}`,
    }),
  );
}

describe('the workflows', () => {
  it('are ci.yml and release.yml, each valid for the workflow linter', async () => {
    expect(readdirSync(WORKFLOWS).sort()).toEqual(['ci.yml', 'release.yml']);
    for (const name of ['ci.yml', 'release.yml']) {
      const result = await validate(join(WORKFLOWS, name));
      expect(result, name).toEqual({ code: 0, output: '' });
    }
  });

  it('the linter is real: a job with a misspelt key fails it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'crew-workflows-'));
    try {
      const broken = readPackageFile('.github', 'workflows', 'ci.yml').replace('    steps:', '    stepz:');
      writeFileSync(join(dir, 'ci.yml'), broken);
      const result = await validate(join(dir, 'ci.yml'));
      expect(result.code).not.toBe(0);
      expect(result.output).toContain('stepz');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('CI runs the README test command on Node 22 and 24 with PostgreSQL, HAProxy and Chromium', () => {
    const ci = readPackageFile('.github', 'workflows', 'ci.yml');
    expect(ci).toMatch(/node: \[22, 24\]/);
    expect(ci).toMatch(/image: postgres:\d+[\s\S]*POSTGRES_HOST_AUTH_METHOD: trust[\s\S]*- 5432:5432/);
    expect(ci).toMatch(/apt-get install -y haproxy/);
    expect(ci).toMatch(/apt-get install -y chromium/);
    expect(ci).toMatch(/run: npm test\n/);
    expect(ci).toContain('workflow_call:');
  });

  it('a release runs CI, then publishes to npm with provenance, the .mcpb and server.json', () => {
    const release = readPackageFile('.github', 'workflows', 'release.yml');
    expect(release).toMatch(/tags: \['v\*\.\*\.\*'\]/);
    expect(release).toMatch(/uses: \.\/\.github\/workflows\/ci\.yml/);
    expect(release).toMatch(/needs: test/);
    expect(release).toContain('id-token: write');
    expect(release).toContain('run: npm publish --provenance --access public');
    expect(release).toMatch(/gh release create "\$GITHUB_REF_NAME" dist\/crew-mcp-\*\.mcpb/);
    expect(release).toMatch(/mcp-publisher login github-oidc\n\s+\.\/mcp-publisher publish/);
    // The bundle's file name is the one `npm run bundle` writes.
    expect(readPackageFile('scripts', 'bundle.mjs')).toMatch(/crew-mcp-\$\{[^}]*version[^}]*\}\.mcpb/);
  });
});

describe('npm publish --dry-run', () => {
  it('packs crew-mcp at package.json version with the CLI, offline and without scripts', async () => {
    if (!existsSync(packagePath('dist', 'bin', 'crew-mcp.js'))) {
      throw new Error('dist/bin/crew-mcp.js is missing: run npm run build first (npm test does).');
    }
    const { stdout } = await run(
      'npm',
      ['publish', '--dry-run', '--json', '--offline', '--ignore-scripts', '--loglevel', 'error'],
      { cwd: packagePath(), timeout: 60_000 },
    );
    const report = JSON.parse(stdout);
    const packed = report['crew-mcp'] ?? report;
    const { version } = JSON.parse(readPackageFile('package.json'));
    expect(packed).toMatchObject({ name: 'crew-mcp', version, filename: `crew-mcp-${version}.tgz` });
    const files = packed.files.map((file: { path: string }) => file.path);
    expect(files).toContain('dist/bin/crew-mcp.js');
    expect(files).toContain('package.json');
  }, 90_000);
});
