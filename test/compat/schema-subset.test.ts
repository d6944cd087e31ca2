// Every tool's published input and output JSON Schema holds only keywords that draft-07 and
// 2020-12 validators read alike (schema-subset.ts): from the registry (every tool, as the build
// converts it) and from a real tools/list (what a client is given). The v1 client suite
// (v1-client.test.ts) walks the lists the spawned CLI gives over stdio and HTTP the same way.
import { describe, expect, it } from 'vitest';
import { jsonSchemaOf } from '../../src/mcp/wire-schema.js';
import { allTools } from '../../tools/index.js';
import { useConnectedSandbox } from '../helpers/connected-sandbox.js';
import { outsideSubset, toolsOutsideSubset } from './schema-subset.js';

describe('published schemas are in the subset every validator reads alike', () => {
  const suite = useConnectedSandbox();

  it("every registry tool's input and output schema", () => {
    const tools = allTools.map((tool) => ({
      name: tool.name,
      inputSchema: jsonSchemaOf(tool.inputSchema, 'input'),
      outputSchema: jsonSchemaOf(tool.outputSchema, 'output'),
    }));
    expect(tools.length).toBeGreaterThanOrEqual(23);
    expect(toolsOutsideSubset(tools)).toEqual([]);
  });

  it('every schema of a real tools/list', async () => {
    const { tools } = await suite.client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(allTools.map((tool) => tool.name).sort());
    for (const tool of tools) expect(tool.outputSchema, tool.name).toBeDefined();
    expect(toolsOutsideSubset(tools)).toEqual([]);
  });

  it('finds what issue 29 found, and what nobody has decided on, naming where and why', () => {
    const tuple = {
      type: 'object',
      properties: {
        roleIds: { type: 'array', prefixItems: [{ type: 'string' }], items: false },
        since: { type: 'string', format: 'iso-week' },
        odd: { type: 'string', contentMediaType: 'text/plain' },
      },
      $defs: { pair: { type: 'array', items: [{ type: 'string' }] } },
    };
    const found = outsideSubset(tuple).map((place) => `${place.path}/${place.keyword}`);
    expect(found).toEqual([
      '#/$defs',
      '#/properties/roleIds/prefixItems',
      '#/properties/roleIds/items',
      '#/properties/since/format',
      '#/properties/odd/contentMediaType',
      '#/$defs/pair/items',
    ]);
    expect(outsideSubset(tuple)[1]?.why).toMatch(/draft-07 allows no item/);
    expect(
      outsideSubset({ type: 'object', properties: { a: { type: 'array', items: { type: 'string' } } } }),
    ).toEqual([]);
  });
});
