// Every tool is tested, and no test asserts nothing. Checked statically with the TypeScript
// compiler API over the test sources, so that it holds for tools that arrive later without edits.
//
// The rule for every tool in tools/index.ts:
//   1. test/tools/<tool-name>.test.ts exists (kebab-case), and
//   2. among its test cases (`it`/`test`), at least one expects a SUCCESS of a tool call and at
//      least one expects a FAILURE, each of them also inspecting what reached the platform:
//      - success: expect(<…isError…>).toBe(false) / .toBeFalsy(), or { isError: false } in an
//        object matcher; failure: the same with true / .toBeTruthy();
//      - what reached the platform: `requestsDuring`, `seeing`, `operations`, `variablesOf`, or
//        a `sent` / `stats` it reads (test/helpers/sent.ts, tool-requests.ts, sandbox.ts).
// And every test case anywhere under test/ calls an assertion (`expect…`, `assert…`, or a
// function of its file that does).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packagePath } from '../../src/paths.js';
import { allTools } from '../../tools/index.js';
import { missingFor, testCases } from '../helpers/test-cases.js';

function testFiles(dir = packagePath('test')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const kebab = (name: string) => name.replaceAll('_', '-');

describe('every tool is tested', () => {
  it.each(allTools.map((tool) => [tool.name] as const))(
    '%s: a success and a failure, each inspecting what it sent',
    (name) => {
      const own = packagePath('test', 'tools', `${kebab(name)}.test.ts`);
      expect(existsSync(own), `test/tools/${kebab(name)}.test.ts`).toBe(true);
      const source = readFileSync(own, 'utf8');
      expect(source, `the file calls ${name}`).toContain(`'${name}'`);
      expect(missingFor(testCases(source, own))).toEqual([]);
    },
  );

  it('the rule can fail: a file without a failure case, or without looking at what was sent, is caught', () => {
    const onlySuccess = `it('lists', async () => { const r = await see({}); expect(r.isError).toBe(false); expect(r.sent).toEqual([]); });`;
    expect(missingFor(testCases(onlySuccess))).toEqual(['a failure case that inspects what was sent']);
    const blind = `it('a', async () => { expect((await call('x')).isError).toBe(false); });
      it('b', async () => { expect(await call('x')).toMatchObject({ isError: true }); });`;
    expect(missingFor(testCases(blind))).toEqual([
      'a success case that inspects what was sent',
      'a failure case that inspects what was sent',
    ]);
    const both = `it('a', async () => { const r = await see({}); expect(r.isError, r.text).toBe(false); expect(operations(r.sent)).toEqual(['q']); });
      it('b', async () => { const r = await see({}); expect(r).toMatchObject({ isError: true }); expect(r.sent).toEqual([]); });`;
    expect(missingFor(testCases(both))).toEqual([]);
  });
});

describe('no test asserts nothing', () => {
  it('every test case under test/ calls an assertion', () => {
    const silent = testFiles().flatMap((path) =>
      testCases(readFileSync(path, 'utf8'), path)
        .filter((one) => !one.asserts)
        .map((one) => `${relative(packagePath(), path)}: ${one.title}`),
    );
    expect(silent).toEqual([]);
    expect(testCases(`it('does', () => { run(); });`).map((one) => one.asserts)).toEqual([false]);
  });
});
