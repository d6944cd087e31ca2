// Tests mirror the rooms (issue 30): a folder of test/ is either the tests of one room of the
// product (src/<folder>/, src/<file>.ts, tools/, ui/) or one of the few kinds of test that cross
// every room, each named here with why. A grab bag such as test/unit would fail this test.
import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { packagePath } from '../../src/paths.js';

const ACROSS_ROOMS: Record<string, string> = {
  architecture: 'the floors, fences and conventions that hold over all of src/',
  bench: 'the benchmarks behind `npm run bench`, not tests',
  browser: 'the views in a real Chromium',
  compat: 'client libraries other than the one we build with',
  e2e: 'the built CLI, end to end over stdio and HTTP',
  fuzz: 'every tool under generated inputs',
  ground: "the ground floor's files (src/client-address.ts, src/heap-growth.ts, ...)",
  helpers: 'shared test code and the independent oracles',
  oracles: 'independent computations the tests compare answers against',
  project: 'the repository as a whole: packaging, release workflows, README figures, the suite itself',
  snapshots: 'committed snapshots the tests compare against',
};

function isRoom(name: string): boolean {
  return (
    existsSync(packagePath('src', name)) ||
    existsSync(packagePath('src', `${name}.ts`)) ||
    existsSync(packagePath(name)) // tools/, ui/
  );
}

describe('test folders', () => {
  it('each hold the tests of one room, or a kind of test that crosses every room', () => {
    const folders = readdirSync(packagePath('test'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    const strays = folders.filter((name) => !isRoom(name) && !(name in ACROSS_ROOMS));
    expect(strays, 'a test folder that names no room; put its files with the room they test').toEqual([]);
    expect(folders).not.toContain('unit');
  });
});
