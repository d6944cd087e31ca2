// The layout's promises, checked on the sources themselves (dependency-cruiser checks the same
// import rules in `npm run lint`, .dependency-cruiser.cjs; this test holds them on every
// `npm test` too): the platform client names no tool, and no arrow runs back up. Imports are
// read as written: static, type-only, re-exports and dynamic import().
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packagePath, packageRoot } from '../../src/paths.js';
import { allTools } from '../../tools/index.js';

interface Source {
  /** Relative to the package root, with forward slashes: `src/app.ts`. */
  file: string;
  text: string;
}

function sources(dir: string): Source[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts')
      ? [{ file: relative(packageRoot, path).split('\\').join('/'), text: readFileSync(path, 'utf8') }]
      : [];
  });
}

const PRODUCT = [...sources(packagePath('src')), ...sources(packagePath('tools'))];

const IMPORT_PATTERNS = [
  /\b(?:import|export)\s[^'"]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  /^\s*import\s+['"]([^'"]+)['"]/gm,
];

/** The package files a source imports (relative specifiers only), as `src/...ts` paths. */
function importsOf(source: Source): string[] {
  const specifiers = IMPORT_PATTERNS.flatMap((pattern) =>
    [...source.text.matchAll(pattern)].map((match) => match[1] as string),
  );
  const files = specifiers
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) =>
      relative(packageRoot, resolve(packageRoot, dirname(source.file), specifier))
        .split('\\')
        .join('/')
        .replace(/\.js$/, '.ts'),
    );
  return [...new Set(files)];
}

/** Every `file -> import` of the product where `from` matches and `to` matches the import. */
function arrows(from: (file: string) => boolean, to: (imported: string) => boolean): string[] {
  return PRODUCT.filter(({ file }) => from(file)).flatMap((source) =>
    importsOf(source)
      .filter(to)
      .map((imported) => `${source.file} -> ${imported}`),
  );
}

/** A tool file reads as gather, check, confirm, send, present; what is longer belongs in a room below. */
const TOOL_FILE_MAX_LINES = 160;

describe('layout', () => {
  it('reads imports of every kind (the checks below would pass vacuously otherwise)', () => {
    const found = importsOf({
      file: 'src/x/y.ts',
      text: [
        "import type { A } from '../sandbox/types.js';",
        "import {\n  b,\n  c,\n} from './b.js';",
        "export { d } from '../d.js';",
        "const e = await import('../sandbox/server.js');",
        "import './side.js';",
        "import { z } from 'zod';",
      ].join('\n'),
    });
    expect(found).toEqual([
      'src/sandbox/types.ts',
      'src/x/b.ts',
      'src/d.ts',
      'src/sandbox/server.ts',
      'src/x/side.ts',
    ]);
    expect(
      arrows(
        (file) => file === 'src/app.ts',
        (imported) => imported === 'src/server.ts',
      ),
    ).toEqual(['src/app.ts -> src/server.ts']);
  });

  it('src/platform/ mentions no tool by name', () => {
    const names = allTools.map((tool) => tool.name);
    const mentions = PRODUCT.filter(({ file }) => file.startsWith('src/platform/')).flatMap(
      ({ file, text }) =>
        names.filter((name) => new RegExp(`\\b${name}\\b`).test(text)).map((name) => `${file}: ${name}`),
    );
    expect(names.length).toBeGreaterThan(10);
    expect(mentions).toEqual([]);
  });

  it('the product never imports the sandbox (types included), but for the composition roots that start it', () => {
    // src/app.ts starts the embedded sandbox in-process; src/cli.ts runs `crew-mcp sandbox` and
    // begins the sandbox's signing keys before the server's modules load; src/connector/index.ts
    // composes the hosted mode and offers the embedded sandbox on its connect page.
    const roots = ['src/app.ts', 'src/cli.ts', 'src/connector/index.ts'];
    expect(
      arrows(
        (file) => !file.startsWith('src/sandbox/') && !roots.includes(file),
        (imported) => imported.startsWith('src/sandbox/'),
      ),
    ).toEqual([]);
  });

  it('the transports never import the app: they serve it through their own interface (ServedApp)', () => {
    expect(
      arrows(
        (file) => file.startsWith('src/transports/'),
        (imported) => imported === 'src/app.ts',
      ),
    ).toEqual([]);
  });

  it('src/mcp/ and src/server.ts never import src/webhooks/: the event log interface is in the contract', () => {
    expect(
      arrows(
        (file) => file.startsWith('src/mcp/') || file === 'src/server.ts',
        (imported) => imported.startsWith('src/webhooks/'),
      ),
    ).toEqual([]);
  });

  it(`every tool file is at most ${TOOL_FILE_MAX_LINES} lines`, () => {
    const tools = PRODUCT.filter(({ file }) => /^tools\/[^/]+\.ts$/.test(file));
    expect(tools.length).toBeGreaterThan(allTools.length);
    const long = tools
      .map(({ file, text }) => ({ file, lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0) }))
      .filter(({ lines }) => lines > TOOL_FILE_MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(long).toEqual([]);
  });
});
