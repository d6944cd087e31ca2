// The release as users get it: server.json for the MCP Registry (valid against the registry's
// schema, vendored in vendor/mcp-registry since CI reaches no other host; its name is
// package.json's mcpName), manifest.json for MCPB (the five platform settings, the secret
// sensitive, each passed to the server as its environment variable), and the npm package's file
// list (what the CLI needs at run time, and nothing else).
import { execFileSync } from 'node:child_process';
import { v0_2 } from '@anthropic-ai/mcpb';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { HELP } from '../../src/config.js';
import { packageRoot, readPackageFile } from '../../src/paths.js';

const json = (file: string) => JSON.parse(readPackageFile(file));
const pkg = json('package.json');
const server = json('server.json');
const manifest = json('manifest.json');
const registrySchema = JSON.parse(readPackageFile('vendor', 'mcp-registry', 'server.schema.json'));

const PLATFORM_ENV = ['CREW_CLIENT_ID', 'CREW_CLIENT_SECRET', 'CREW_AUTH_URL', 'CREW_REALM', 'CREW_API_URL'];

describe('server.json (MCP Registry)', () => {
  it('is valid against the registry schema it names', () => {
    expect(server.$schema).toBe(registrySchema.$id);
    expect(server.$schema).toMatch(
      /^https:\/\/static\.modelcontextprotocol\.io\/schemas\/\d{4}-\d{2}-\d{2}\//,
    );
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const validate = ajv.compile(registrySchema);
    expect(validate(server) ? [] : validate.errors).toEqual([]);
  });

  it('the schema check is real: a name without a namespace fails it', () => {
    const ajv = new Ajv({ strict: false });
    addFormats.default(ajv);
    expect(ajv.validate(registrySchema, { ...server, name: 'crew-mcp' })).toBe(false);
  });

  it('names the npm package, its version and its mcpName', () => {
    expect(server.name).toBe(pkg.mcpName);
    expect(server.version).toBe(pkg.version);
    expect(server.packages).toEqual([
      expect.objectContaining({
        registryType: 'npm',
        identifier: pkg.name,
        version: pkg.version,
        transport: { type: 'stdio' },
      }),
    ]);
  });

  it('declares environment variables the server reads, the secret as a secret', () => {
    const variables: { name: string; isSecret?: boolean }[] = server.packages[0].environmentVariables;
    for (const { name } of variables) expect(HELP).toContain(name);
    expect(variables.map((variable) => variable.name)).toEqual(expect.arrayContaining(PLATFORM_ENV));
    expect(variables.filter((variable) => variable.isSecret).map((variable) => variable.name)).toEqual([
      'CREW_CLIENT_SECRET',
    ]);
  });
});

describe('manifest.json (MCPB)', () => {
  it('is a valid MCPB manifest of this version', () => {
    const parsed = v0_2.McpbManifestSchema.safeParse(manifest);
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
    expect(manifest.version).toBe(pkg.version);
    expect(manifest.server.entry_point).toBe(pkg.bin['crew-mcp']);
  });

  it('asks for the five platform values, none required (empty = the embedded sandbox), the secret sensitive', () => {
    const env: Record<string, string> = manifest.server.mcp_config.env;
    for (const name of PLATFORM_ENV) {
      const key = /^\$\{user_config\.(\w+)\}$/.exec(env[name] ?? '')?.[1];
      expect(key, name).toBeDefined();
      const option = manifest.user_config[key as string];
      expect(option, name).toMatchObject({ type: 'string', required: false });
      expect(Boolean(option.sensitive), name).toBe(name === 'CREW_CLIENT_SECRET');
    }
    // Every user_config value reaches the server, and only as a variable it reads.
    for (const [name, value] of Object.entries(env)) {
      expect(HELP).toContain(name);
      expect(Object.keys(manifest.user_config)).toContain(/\$\{user_config\.(\w+)\}/.exec(value)?.[1]);
    }
  });
});

describe('the npm package', () => {
  it('needs nothing installed beside it: every dependency is in the bundle (scripts/bundle-cli.mjs)', () => {
    expect(pkg.dependencies ?? {}).toEqual({});
    expect(pkg.bin['crew-mcp']).toBe('dist/bin/crew-mcp.js');
  });

  it('ships the bundled CLI, its GraphQL files, the prompts, the deploy examples and the bundled licences, without sources, tests or source maps', () => {
    const [packed] = JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--json', '--silent', '--ignore-scripts'], {
        cwd: packageRoot,
        encoding: 'utf8',
      }),
    );
    const files: string[] = packed.files.map((file: { path: string }) => file.path);
    expect(files).toEqual(
      expect.arrayContaining([
        'dist/bin/crew-mcp.js',
        'dist/bin/THIRD-PARTY-LICENSES.txt',
        // The planner's solver (HiGHS as WebAssembly) and the MCP Apps views, loaded at run time.
        'dist/bin/highs.wasm',
        // The connector's embedded store (PGlite): its WebAssembly, initdb and file-system image.
        'dist/bin/pglite.wasm',
        'dist/bin/pglite.data',
        'dist/bin/initdb.wasm',
        // The MCP SDK's JSON Schema validator (ajv), required on its first use, not at start.
        'dist/bin/sdk-json-schema-validator.cjs',
        'dist/ui/board-week.html',
        'dist/ui/role-candidates.html',
        'dist/src/contract/schema.graphql',
        'dist/src/contract/graphql/job-fields.graphql',
        'dist/tools/create-jobs.graphql',
        'prompts/staff_role.md',
        // The operator's examples, matching this version's tools (the read-only list routes retries).
        'deploy/haproxy.cfg',
        'deploy/read-only-tools.lst',
        'deploy/prometheus.yml',
        'package.json',
        'README.md',
        'LICENSE',
      ]),
    );
    const unexpected = files.filter(
      (file) =>
        !/^(dist\/bin\/[\w-]+\.js|dist\/bin\/(highs|pglite|initdb)\.wasm|dist\/bin\/pglite\.data|dist\/bin\/sdk-json-schema-validator\.cjs|dist\/ui\/[a-z-]+\.html|dist\/bin\/THIRD-PARTY-LICENSES\.txt|dist\/(src|tools)\/.*\.graphql|prompts\/[a-z_]+\.md|deploy\/[a-z-]+\.(cfg|lst|yml)|package\.json|README\.md|LICENSE)$/.test(
          file,
        ),
    );
    expect(unexpected).toEqual([]);
  }, 30_000);
});
