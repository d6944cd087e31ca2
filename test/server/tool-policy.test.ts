// Tool policy in one place (src/server.ts selectTools): scopes, read-only mode, toolsets, names,
// tools that cannot work against this platform, and a deterministic order.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../../src/config.js';
import { defineTool, type ToolDefinition } from '../../src/mcp/define-tool.js';
import { checkToolNames, selectTools } from '../../src/server.js';

function fakeTool(
  name: string,
  readOnly: boolean,
  scopes: ToolDefinition['scopes'],
  toolset: ToolDefinition['toolset'],
) {
  return defineTool({
    name,
    title: name,
    description: `${name} does a thing.`,
    inputSchema: z.object({}),
    outputSchema: z.object({}),
    annotations: {
      readOnlyHint: readOnly,
      destructiveHint: false,
      idempotentHint: readOnly,
      openWorldHint: true,
    },
    scopes,
    toolset,
    handler: async () => ({ data: {} }),
  }) as ToolDefinition;
}

const tools = [
  fakeTool('list_things', true, ['jobs:read'], 'jobs'),
  fakeTool('create_things', false, ['jobs:write'], 'jobs'),
  fakeTool('get_person', true, ['crew:read'], 'crew'),
  fakeTool('update_person', false, ['crew:write', 'crew:read'], 'crew'),
];
const names = (list: ToolDefinition[]) => list.map((tool) => tool.name);

describe('selectTools', () => {
  it('lists every tool, sorted by name, when scopes are unknown', () => {
    const selection = selectTools(tools, loadConfig([], {}), null);
    expect(names(selection.listed)).toEqual(['create_things', 'get_person', 'list_things', 'update_person']);
  });

  it('does not list tools whose scopes the key lacks, and says why', () => {
    const selection = selectTools(tools, loadConfig([], {}), ['jobs:read', 'crew:read']);
    expect(names(selection.listed)).toEqual(['get_person', 'list_things']);
    expect(selection.refused.map(({ tool, reason }) => `${tool.name}: ${reason}`)).toEqual([
      'create_things: the API key lacks the scope jobs:write',
      'update_person: the API key lacks the scope crew:write',
    ]);
  });

  it('needs every declared scope', () => {
    const selection = selectTools(tools, loadConfig([], {}), ['crew:write']);
    expect(names(selection.listed)).toEqual([]);
  });

  it('read-only mode lists no write tool', () => {
    const selection = selectTools(tools, loadConfig(['--read-only'], {}), null);
    expect(names(selection.listed)).toEqual(['get_person', 'list_things']);
    expect(selection.refused[0]?.reason).toMatch(/read-only/);
  });

  it('filters by toolset, by name and by exclusion', () => {
    expect(names(selectTools(tools, loadConfig(['--toolsets', 'crew'], {}), null).listed)).toEqual([
      'get_person',
      'update_person',
    ]);
    expect(names(selectTools(tools, loadConfig(['--tools', 'list_things'], {}), null).listed)).toEqual([
      'list_things',
    ]);
    expect(
      names(selectTools(tools, loadConfig(['--exclude-tools', 'get_person'], {}), null).listed),
    ).not.toContain('get_person');
  });

  it('does not list a tool that cannot work against this platform', () => {
    const selection = selectTools(
      tools,
      loadConfig([], {}),
      null,
      new Map([['list_things', 'schema differs']]),
    );
    expect(names(selection.listed)).not.toContain('list_things');
    expect(selection.refused).toContainEqual({ tool: tools[0], reason: 'schema differs' });
  });

  it('refuses unknown names in --tools and --exclude-tools, naming the nearest tool', () => {
    expect(() => checkToolNames(tools, loadConfig(['--tools', 'list_thing'], {}))).toThrow(
      /Unknown tool "list_thing" in --tools; did you mean "list_things"\? Tools: create_things, get_person, list_things, update_person\./,
    );
    expect(() => checkToolNames(tools, loadConfig(['--exclude-tools', 'frobnicate'], {}))).toThrow(
      /Unknown tool "frobnicate" in --exclude-tools\. Tools:/,
    );
    expect(() => checkToolNames(tools, loadConfig(['--tools', 'get_person,list_things'], {}))).not.toThrow();
  });
});
