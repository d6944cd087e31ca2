// The CLI users run: dist/bin/crew-mcp.js, bundled by esbuild from tsc's output with every
// dependency, after `tsc` and copy-assets (`npm run build`). Module loading dominated start-up
// (some 370 ESM files and the CommonJS ones they require, each resolved, opened and compiled);
// one file per command path loads in a fraction of that. The dynamic imports of src/cli.ts and
// src/app.ts become chunks, so the sandbox, the HTTP transport and `check` load only when used.
//
// Our modules read files that ship beside them (the .graphql documents, relative to their own
// import.meta.url; the package root, walked up from src/paths.ts): each module gets back its own
// original URL, computed from the chunk it landed in, so those files stay where the build copied
// them (dist/src/contract, dist/tools). The licences of the bundled packages are collected into
// dist/bin/THIRD-PARTY-LICENSES.txt, since their code now ships inside ours.
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { build, transform } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const outdir = join(root, 'dist', 'bin');
const ownModule = /[/\\]dist[/\\](src|tools)[/\\].*\.js$/;

/** Replaces `import.meta.url` in our modules with the URL they had before bundling. */
const originalModuleUrls = {
  name: 'original-module-urls',
  setup(builder) {
    builder.onLoad({ filter: ownModule }, async ({ path }) => {
      const contents = await readFile(path, 'utf8');
      if (!contents.includes('import.meta.url')) return undefined;
      // Every output file sits in outdir (esbuild's default chunk names have no folder).
      const fromBundle = relative(outdir, path).split(sep).join('/');
      const original = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
      return { contents: contents.replaceAll('import.meta.url', original), loader: 'js' };
    });
  },
};

/**
 * zod's namespace object (\`import { z } from 'zod'\`) carries every locale's error messages, some
 * 250 KiB that would be compiled at every start; crew-mcp reports its own errors and zod's only
 * in English, the locale zod configures itself with.
 */
const englishOnlyZod = {
  name: 'english-only-zod',
  setup(builder) {
    builder.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, ({ importer }) =>
      /[/\\]zod[/\\]v4[/\\](classic|core)[/\\]/.test(importer)
        ? { path: join(dirname(importer), '..', 'locales', 'en.js'), namespace: 'english-only-zod' }
        : undefined,
    );
    builder.onLoad({ filter: /.*/, namespace: 'english-only-zod' }, ({ path }) => ({
      contents: `export { default as en } from ${JSON.stringify(path)};`,
      resolveDir: dirname(path),
      loader: 'js',
    }));
  },
};

/**
 * Syntax minifying drops the names of class expressions that no code inside refers to, and
 * oidc-provider looks up each model's lifetime by its class's name (`ttl[this.name]`): bundled
 * that way, the connector issued access tokens without an expiry, which the MCP SDK's bearer check
 * refuses (test/e2e/connector-cli.test.ts). Its files keep their names; esbuild's global
 * `keepNames` would add some 6,000 name calls to every start for this one package.
 */
const oidcProviderClassNames = {
  name: 'oidc-provider-class-names',
  setup(builder) {
    builder.onLoad(
      { filter: /[/\\]node_modules[/\\]oidc-provider[/\\]lib[/\\].*\.js$/ },
      async ({ path }) => {
        const source = await readFile(path, 'utf8');
        const kept = await transform(source, {
          keepNames: true,
          format: 'esm',
          loader: 'js',
          target: 'node20',
        });
        return { contents: kept.code, loader: 'js', resolveDir: dirname(path) };
      },
    );
  },
};

/**
 * The MCP server SDK's Node shims hand every McpServer a default JSON Schema validator whose
 * module builds ajv, ajv's 2019 and 2020 dialects and ajv-formats (some 100 CommonJS modules,
 * 215 KiB, over a third of the SDK's code on the stdio path) when it is evaluated, at every start.
 * The server uses it only in elicitInput, to check a form's answer, which crew-mcp never calls:
 * its confirmations go through inputRequired, whose answers it reads with its own schema
 * (src/mcp/confirm.ts). So the validator is bundled on its own, as a CommonJS file beside the
 * chunks (SDK_VALIDATOR), and the shims' validator requires that file on its first getValidator
 * call, should one come: the same validator, not read, parsed or run before.
 */
const SDK_VALIDATOR = 'sdk-json-schema-validator.cjs';
let sdkShims = null;
const lazySdkValidator = {
  name: 'lazy-sdk-validator',
  setup(builder) {
    builder.onResolve({ filter: /^@modelcontextprotocol\/server\/_shims$/ }, ({ importer }) => {
      sdkShims = join(dirname(importer), 'shimsNode.mjs');
      return { path: sdkShims, namespace: 'lazy-sdk-validator' };
    });
    // Left to the chunk's require (the banner's createRequire), relative to dist/bin.
    builder.onResolve(
      { filter: new RegExp(`^\\./${SDK_VALIDATOR.replaceAll('.', '\\.')}$`) },
      ({ path }) => ({
        path,
        external: true,
      }),
    );
    builder.onLoad({ filter: /.*/, namespace: 'lazy-sdk-validator' }, () => ({
      contents: `
        import process from 'node:process';
        export { process };
        export class DefaultJsonSchemaValidator {
          #ajv;
          #validator;
          constructor(ajv) { this.#ajv = ajv; }
          getValidator(schema) {
            this.#validator ??= new (require('./${SDK_VALIDATOR}').DefaultJsonSchemaValidator)(this.#ajv);
            return this.#validator.getValidator(schema);
          }
        }`,
      loader: 'js',
    }));
  },
};

// The registry's tools' JSON Schemas, converted now instead of at every start (wire-schema.ts).
const { allTools } = await import(join(root, 'dist', 'tools', 'index.js'));
const { builtWireSchemas } = await import(join(root, 'dist', 'src', 'mcp', 'wire-schema.js'));
const wireSchemas = builtWireSchemas(allTools);
// The shared GraphQL fragments, read and parsed now instead of at every start (documents.ts).
const { builtFragments } = await import(join(root, 'dist', 'src', 'contract', 'documents.js'));

rmSync(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: { 'crew-mcp': join(root, 'dist', 'src', 'cli.js') },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  mainFields: ['module', 'main'],
  // The floor: nothing in the bundle may need a newer Node at run time.
  target: 'node20',
  // Whitespace and syntax only: smaller files parse faster, names stay readable in stack traces.
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'none',
  define: {
    CREW_MCP_BUILT_WIRE_SCHEMAS: JSON.stringify(wireSchemas),
    CREW_MCP_BUILT_FRAGMENTS: JSON.stringify(builtFragments()),
  },
  metafile: true,
  logLevel: 'warning',
  // CommonJS dependencies (graphql, pino) require Node's built-ins: give each chunk a require.
  banner: {
    js: "import { createRequire as __crewCreateRequire } from 'node:module'; const require = __crewCreateRequire(import.meta.url);",
  },
  plugins: [originalModuleUrls, englishOnlyZod, oidcProviderClassNames, lazySdkValidator],
});

// The SDK's validator, which the chunks require only when used (lazySdkValidator).
if (!sdkShims)
  throw new Error('bundle-cli: the MCP server SDK no longer imports its _shims; review lazySdkValidator');
const validator = await build({
  entryPoints: [sdkShims],
  outfile: join(outdir, SDK_VALIDATOR),
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
});

/** The package directory of each bundled dependency (node_modules/<name> or node_modules/@scope/<name>). */
function bundledPackages(metafile) {
  const packages = new Set();
  for (const input of Object.keys(metafile.inputs)) {
    // Modules of a plugin's namespace ("english-only-zod:...") are ours, not a package's files.
    if (/^[\w-]+:/.test(input)) continue;
    const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (match) packages.add(match[1]);
  }
  return [...packages].sort();
}

const notices = bundledPackages({
  inputs: { ...result.metafile.inputs, ...validator.metafile.inputs },
}).map((directory) => {
  const manifest = JSON.parse(readFileSync(join(root, directory, 'package.json'), 'utf8'));
  const licenseFile = readdirSync(join(root, directory)).find((name) => /^(licen[cs]e|copying)/i.test(name));
  const text = licenseFile
    ? readFileSync(join(root, directory, licenseFile), 'utf8').trim()
    : `License: ${manifest.license ?? 'see the package'}`;
  return `${manifest.name}@${manifest.version} (${manifest.license ?? 'unknown'})\n\n${text}\n`;
});
writeFileSync(
  join(outdir, 'THIRD-PARTY-LICENSES.txt'),
  `crew-mcp's bundle (dist/bin) includes these packages:\n\n${notices.join(`\n${'-'.repeat(72)}\n\n`)}`,
);

// The planner's solver (src/planner/highs.ts) is WebAssembly: its binary ships beside the bundle,
// where the planner reads it on first use.
copyFileSync(join(root, 'node_modules', 'highs', 'build', 'highs.wasm'), join(outdir, 'highs.wasm'));

// PGlite (the connector's embedded store) loads its WebAssembly and its file-system image from
// beside its own module (new URL('./pglite.wasm', import.meta.url)): in the bundle that is the
// chunk it landed in, in dist/bin, so the files go there.
const pgliteDist = join(root, 'node_modules', '@electric-sql', 'pglite', 'dist');
for (const asset of ['pglite.wasm', 'pglite.data', 'initdb.wasm']) {
  copyFileSync(join(pgliteDist, asset), join(outdir, asset));
}

const entry = join(outdir, 'crew-mcp.js');
if (!existsSync(entry)) throw new Error('bundle-cli: no dist/bin/crew-mcp.js was written');
const outputs = { ...result.metafile.outputs, ...validator.metafile.outputs };
const size = Object.entries(outputs).reduce((sum, [, output]) => sum + output.bytes, 0);
process.stdout.write(
  `bundle-cli: ${relative(root, entry)} and ${Object.keys(outputs).length - 1} chunk(s), ${(size / 1024).toFixed(0)} KiB, in ${relative(root, dirname(entry))}\n`,
);
