// The tool registry's invariants (DESIGN.md convention 1): names, files, annotations, scopes,
// toolsets, description budget, and every GraphQL document valid against our model of the
// upstream schema. That every tool is tested is checked in test/architecture/tool-tests.test.ts.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { TOOLSETS } from '../../src/config.js';
import { withFragments } from '../../src/contract/documents.js';
import { schemaSource } from '../../src/contract/files.js';
import { SCOPES } from '../../src/contract/scopes.js';
import { packagePath, readPackageFile } from '../../src/paths.js';
import { allTools, tools } from '../../tools/index.js';

const kebab = (name: string) => name.replaceAll('_', '-');

describe('tool registry', () => {
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
  });

  it('every GraphQL document validates against src/contract/schema.graphql', () => {
    const schema = buildSchema(schemaSource());
    const files = [
      ...readdirSync(packagePath('tools')).map((file) => ['tools', file]),
      ...readdirSync(packagePath('src', 'contract', 'graphql')).map((file) => [
        'src',
        'contract',
        'graphql',
        file,
      ]),
    ].filter((parts) => parts.at(-1)?.endsWith('.graphql'));
    const operations = files.filter((parts) => /^\s*(query|mutation)\b/m.test(readPackageFile(...parts)));
    expect(operations.length).toBeGreaterThan(5);
    for (const parts of operations) {
      const errors = validate(schema, parse(withFragments(readPackageFile(...parts))));
      expect(errors.map((error) => `${parts.join('/')}: ${error.message}`)).toEqual([]);
    }
  });

  it('a tool that sends GraphQL declares its documents, so a live schema check covers them', () => {
    const declared = new Set(allTools.flatMap((tool) => tool.documents ?? []));
    for (const file of readdirSync(packagePath('tools')).filter((name) => name.endsWith('.graphql'))) {
      const own = withFragments(readPackageFile('tools', file));
      expect([...declared], file).toContain(own);
    }
  });

  it('keeps the schema model in sync with the shared contract', () => {
    const shared = packagePath('..', 'shared', 'platform-contract.graphql');
    if (!existsSync(shared)) return;
    expect(schemaSource()).toBe(readFileSync(shared, 'utf8'));
  });
});
