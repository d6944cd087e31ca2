// The tool registry's invariants (DESIGN.md convention 1): names, files, annotations, scopes,
// toolsets, description budget, every tool tested, and every GraphQL document valid against
// our model of the upstream schema.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { TOOLSETS } from '../../src/config.js';
import { packagePath, readPackageFile } from '../../src/paths.js';
import { SCOPES } from '../../src/sandbox/types.js';
import { loadDocument } from '../../src/tooling/documents.js';
import { allTools, tools } from '../../tools/index.js';

const kebab = (name: string) => name.replaceAll('_', '-');

function testSources(dir = packagePath('test')): string {
  let text = '';
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) text += testSources(path);
    else if (entry.name.endsWith('.test.ts')) text += readFileSync(path, 'utf8');
  }
  return text;
}

describe('tool registry', () => {
  const tests = testSources();

  it.each(allTools.map((tool) => [tool.name, tool] as const))('%s follows the conventions', (name, tool) => {
    expect(tools[name]).toBe(tool);
    expect(name).toMatch(/^[a-z]+(_[a-z]+)+$/);
    expect(existsSync(packagePath('tools', `${kebab(name)}.ts`))).toBe(true);
    const { readOnlyHint, destructiveHint, idempotentHint, openWorldHint } = tool.annotations;
    for (const hint of [readOnlyHint, destructiveHint, idempotentHint, openWorldHint])
      expect(typeof hint).toBe('boolean');
    expect(readOnlyHint && destructiveHint).toBe(false);
    // Only tools that never call the platform (the schema toolset) need no scope.
    if (tool.scopes.length === 0) expect(tool.toolset).toBe('schema');
    for (const scope of tool.scopes) expect(SCOPES).toContain(scope);
    expect(TOOLSETS).toContain(tool.toolset);
    if (!readOnlyHint)
      expect(tool.scopes.some((scope) => scope.endsWith(':write') || scope === 'webhooks:manage')).toBe(true);
    expect(tool.description.length).toBeLessThanOrEqual(400);
    expect(tests).toContain(`'${name}'`);
  });

  it('every GraphQL document validates against src/platform/schema.graphql', () => {
    const schema = buildSchema(readPackageFile('src', 'platform', 'schema.graphql'));
    const documents = readdirSync(packagePath('tools')).filter(
      (file) => file.endsWith('.graphql') && /^\s*(query|mutation)\b/m.test(readPackageFile('tools', file)),
    );
    expect(documents.length).toBeGreaterThan(0);
    for (const file of documents) {
      const errors = validate(schema, parse(loadDocument(file.replace(/\.graphql$/, ''))));
      expect(errors.map((error) => `${file}: ${error.message}`)).toEqual([]);
    }
  });

  it('keeps the schema model in sync with the shared contract', () => {
    const shared = packagePath('..', 'shared', 'platform-contract.graphql');
    if (!existsSync(shared)) return;
    expect(readPackageFile('src', 'platform', 'schema.graphql')).toBe(readFileSync(shared, 'utf8'));
  });
});
