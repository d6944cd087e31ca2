// docs/RULES.md traces every rule of docs/platform-api.md (each row of §2.2 and §2.3, each rule
// of §4.4, each row of §7) to the client check, the sandbox rule and the tests. This fails (never
// skips) when either document is missing, when a rule has no row or a row no rule, or when a row
// names no client check, sandbox rule or test, or one that does not exist: a `file#name` must
// declare `name` (function, method, class or constant), a `test file#title` must hold that test.
import { existsSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { packagePath } from '../../src/paths.js';
import { brokenTestRef, readDoc as read, refs, section, tableRows } from '../helpers/markdown.js';

/** Every rule of the API document, by the key its RULES.md row starts with. */
function documentRules(doc: string): string[] {
  const known = tableRows(section(doc, /^### 2\.2 /)).map(([resource, field]) => `§2.2 ${resource} ${field}`);
  const kinds = tableRows(section(doc, /^### 2\.3 /)).map(([kind]) => `§2.3 ${kind}`);
  const numbered = [...section(doc, /^### 4\.4 /).matchAll(/^(\d+)\. /gm)].map(
    (match) => `§4.4 rule ${match[1]}`,
  );
  const errors = tableRows(section(doc, /^## 7\. /)).map(([condition]) => `§7 ${condition}`);
  return [...known, ...kinds, ...numbered, ...errors];
}

interface Row {
  rule: string;
  client: string[];
  sandbox: string[];
  tests: string[];
}

const OWN_RULES = /^## The server's own rules/;

function rulesTable(text: string): Row[] {
  const own = text.search(/^## The server's own rules/m);
  return tableRows(text.slice(text.indexOf('| Rule |'), own < 0 ? undefined : own)).map(
    ([rule, , client, sandbox, tests]) => ({
      rule: rule ?? '',
      client: refs(client),
      sandbox: refs(sandbox),
      tests: refs(tests),
    }),
  );
}

const declarationCache = new Map<string, Set<string>>();

/** Names a source file declares: functions, classes, methods, variables. */
function declared(file: string): Set<string> {
  let names = declarationCache.get(file);
  if (names) return names;
  names = new Set();
  const found = names;
  const source = ts.createSourceFile(file, read(file), ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node): void => {
    if (
      (ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node) || ts.isMethodDeclaration(node)) &&
      node.name &&
      ts.isIdentifier(node.name)
    )
      found.add(node.name.text);
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) found.add(node.name.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  declarationCache.set(file, names);
  return names;
}

/** What is wrong with one `file#name` ref, or nothing. */
function brokenRef(ref: string, kind: 'client' | 'sandbox' | 'test'): string | undefined {
  const at = ref.indexOf('#');
  const [file, name] = [ref.slice(0, at), ref.slice(at + 1)];
  if (!existsSync(packagePath(file))) return `${ref}: no file ${file}`;
  if (kind === 'client' && (!/^(src|tools)\//.test(file) || file.startsWith('src/sandbox/')))
    return `${ref}: a client check lives in src/ (outside src/sandbox/) or tools/`;
  if (kind === 'sandbox' && !file.startsWith('src/sandbox/'))
    return `${ref}: a sandbox rule lives in src/sandbox/`;
  if (kind === 'test') return brokenTestRef(ref);
  return declared(file).has(name) ? undefined : `${ref}: ${file} declares no ${name}`;
}

describe('docs/RULES.md', () => {
  const doc = read('docs', 'platform-api.md');
  const rows = rulesTable(read('docs', 'RULES.md'));

  it('has one row per rule of the API document, and no row for a rule it does not have', () => {
    const rules = documentRules(doc);
    expect(rules.length).toBeGreaterThanOrEqual(30);
    expect(rows.map((row) => row.rule)).toEqual(rules);
  });

  it('names a client check, a sandbox rule and tests of both for every rule, each of which exists', () => {
    const problems = rows.flatMap((row) => [
      ...(row.client.length ? [] : [`${row.rule}: no client check`]),
      ...(row.sandbox.length ? [] : [`${row.rule}: no sandbox rule`]),
      ...(row.tests.some((test) => test.startsWith('test/sandbox/')) ? [] : [`${row.rule}: no sandbox test`]),
      ...(row.tests.some((test) => !test.startsWith('test/sandbox/')) ? [] : [`${row.rule}: no client test`]),
      ...row.client.flatMap((ref) => brokenRef(ref, 'client') ?? []),
      ...row.sandbox.flatMap((ref) => brokenRef(ref, 'sandbox') ?? []),
      ...row.tests.flatMap((ref) => brokenRef(ref, 'test') ?? []),
    ]);
    expect(problems).toEqual([]);
  });

  it("names, for every rule of the server's own, a client check and tests, each of which exists", () => {
    const own = tableRows(section(read('docs', 'RULES.md'), OWN_RULES)).map(([rule, , client, tests]) => ({
      rule: rule ?? '',
      client: refs(client),
      tests: refs(tests),
    }));
    expect(own.length).toBeGreaterThanOrEqual(5);
    const problems = own.flatMap((row) => [
      ...(row.client.length ? [] : [`${row.rule}: no client check`]),
      ...(row.tests.length ? [] : [`${row.rule}: no test`]),
      ...row.client.flatMap((ref) => brokenRef(ref, 'client') ?? []),
      ...row.tests.flatMap((ref) => brokenRef(ref, 'test') ?? []),
    ]);
    expect(problems).toEqual([]);
  });

  it('would catch a missing row and a name that does not exist', () => {
    expect(
      documentRules(
        '### 2.2 Known\n| R | F | T |\n|---|---|---|\n| Job | `timezone` | x |\n### 2.3 K\n| Kind |\n|---|\n| `dataType` |\n### 4.4 Rules\n1. a\n2. b\n## 7. Errors\n| C | R |\n|---|---|\n| No token | 401 |',
      ),
    ).toEqual(['§2.2 Job `timezone`', '§2.3 `dataType`', '§4.4 rule 1', '§4.4 rule 2', '§7 No token']);
    expect(brokenRef('src/rules/pay.ts#noSuchRule', 'client')).toMatch(/declares no noSuchRule/);
    expect(brokenRef('src/rules/pay.ts#roleTotal', 'sandbox')).toMatch(/lives in src\/sandbox/);
    expect(brokenRef('test/rules/pay.test.ts#no such test', 'test')).toMatch(/no test with this title/);
    expect(brokenRef('src/rules/pay.ts#roleTotal', 'client')).toBeUndefined();
  });
});
