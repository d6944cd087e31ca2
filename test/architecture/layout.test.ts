// The layout's promises, checked on the sources themselves from the one list of floors
// (floors.cjs, which dependency-cruiser reads too in `npm run lint`, .dependency-cruiser.cjs;
// this test holds them on every `npm test`): every file is in a room on a floor, no arrow runs
// back up, the rooms apart and the fenced rooms import what they may, the known exceptions are
// still needed, and the platform client names no tool. Imports are read as written: static,
// type-only, re-exports and dynamic import().
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packagePath, packageRoot } from '../../src/paths.js';
import { allTools } from '../../tools/index.js';
import { type Arrow, EXCEPTIONS, FLOORS, roomOf, violations } from './floors.js';

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

const PRODUCT = [
  ...sources(packagePath('src')),
  ...sources(packagePath('tools')),
  ...sources(packagePath('ui')),
];

/** Group 1 says `type` when the whole statement is type-only (erased at build: nothing runs). */
const IMPORT_PATTERNS = [
  /\b(?:import|export)\s+(type\s)?[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*\(\s*()['"]([^'"]+)['"]\s*\)/g,
  /^\s*import\s+()['"]([^'"]+)['"]/gm,
];

/** The package files a source imports (relative specifiers only), as `src/...ts` paths. */
function importsOf(source: Source): Arrow[] {
  const arrows = IMPORT_PATTERNS.flatMap((pattern) =>
    [...source.text.matchAll(pattern)]
      .filter((match) => (match[2] as string).startsWith('.'))
      .map((match) => ({
        from: source.file,
        to: relative(packageRoot, resolve(packageRoot, dirname(source.file), match[2] as string))
          .split('\\')
          .join('/')
          .replace(/\.js$/, '.ts'),
        typeOnly: match[1] !== undefined && match[1] !== '',
      })),
  );
  return arrows.filter(
    (arrow, index) => arrows.findIndex((other) => JSON.stringify(other) === JSON.stringify(arrow)) === index,
  );
}

const ARROWS = PRODUCT.flatMap(importsOf);

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
        "export type { F } from '../f.js';",
      ].join('\n'),
    });
    expect(found.map(({ to, typeOnly }) => [to, typeOnly])).toEqual([
      ['src/sandbox/types.ts', true],
      ['src/x/b.ts', false],
      ['src/d.ts', false],
      ['src/f.ts', true],
      ['src/sandbox/server.ts', false],
      ['src/x/side.ts', false],
    ]);
    expect(ARROWS).toContainEqual({ from: 'src/app.ts', to: 'src/server.ts', typeOnly: false });
    expect(ARROWS.length).toBeGreaterThan(1000);
  });

  it('finds each kind of forbidden arrow (the checks below would pass vacuously otherwise)', () => {
    const arrow = (from: string, to: string, typeOnly = false): Arrow => ({ from, to, typeOnly });
    const refused = [
      arrow('src/transports/http.ts', 'src/app.ts'), // back up
      arrow('src/mcp/confirm.ts', 'src/webhooks/receiver.ts', true), // back up, types included
      arrow('src/server.ts', 'src/prefetch.ts'), // up to a higher floor
      arrow('src/lookups/index.ts', 'src/store/index.ts'), // beside, on one floor
      arrow('src/contract/enums.ts', 'src/logger.ts'), // beside, on the ground
      arrow('src/present/job.ts', 'src/sandbox/types.ts', true), // apart, from no root
      arrow('src/sandbox/server.ts', 'src/logger.ts'), // apart, imports only the contract
      arrow('ui/shared/view.ts', 'src/present/job.ts'), // ui at run time
      arrow('src/rules/time.ts', 'src/logger.ts'), // fenced: rules import only the contract
      arrow('src/store/bus.ts', 'src/platform/pages.ts'), // fenced: store, the ground only
      arrow('src/planner/model.ts', 'src/lookups/index.ts'), // fenced: planner, rules only
      arrow('src/planner/gather.ts', 'src/mcp/paging.ts'), // an exception lets through what it names only
      arrow('src/server.ts', 'src/connector/index.ts'), // connector: commands and cli only
      arrow('src/commands/http.ts', 'tools/index.ts'), // tools: the app only
      arrow('src/nowhere.ts', 'src/logger.ts'), // a file on no floor
    ];
    for (const one of refused) expect(violations([one]), `${one.from} -> ${one.to}`).toHaveLength(1);
    const allowed = [
      arrow('src/app.ts', 'src/server.ts'),
      arrow('src/cli.ts', 'src/sandbox/signing-keys.ts'),
      arrow('ui/board-week/render.ts', 'src/present/schedule.ts', true),
      arrow('src/planner/highs.ts', 'src/paths.ts'),
      arrow('src/staffing/match-target.ts', 'src/present/job.ts'),
      arrow('src/commands/hosted.ts', 'src/connector/index.ts'),
    ];
    expect(violations(allowed)).toEqual([]);
  });

  it('puts every file of src/, tools/ and ui/ in one room of floors.cjs, and lists no room that is gone', () => {
    expect(PRODUCT.filter(({ file }) => roomOf(file) === undefined).map(({ file }) => file)).toEqual([]);
    const rooms = new Set(PRODUCT.map(({ file }) => roomOf(file)?.room));
    expect(FLOORS.flat().filter((room) => !rooms.has(room))).toEqual([]);
  });

  it('has no arrow back up, and every room imports only what floors.cjs lets it', () => {
    expect(violations(ARROWS)).toEqual([]);
  });

  it('lists only exceptions the code still needs (remove one once its import is gone)', () => {
    const stale = EXCEPTIONS.flatMap(({ from, to }) =>
      to
        .filter((target) => !ARROWS.some((arrow) => arrow.from === from && arrow.to.startsWith(target)))
        .map((target) => `${from} -> ${target}`),
    );
    expect(stale).toEqual([]);
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
