// deploy/read-only-tools.lst, the tools whose calls HAProxy sends again to another replica when
// one is cut in flight, is what the registry's annotations say, never a hand-kept copy: a tool
// added, or made a write, fails here until the file is generated again.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readOnlyToolNames, readOnlyToolsFile } from '../../src/mcp/read-only-list.js';
import { packagePath } from '../../src/paths.js';
import { graphqlQueryWithMutations } from '../../tools/graphql-query.js';
import { allTools } from '../../tools/index.js';

describe('deploy/read-only-tools.lst', () => {
  it('is the registry of read-only tools (regenerate: npm run build && node scripts/read-only-tools.mjs)', () => {
    const shipped = readFileSync(packagePath('deploy', 'read-only-tools.lst'), 'utf8');
    expect(shipped).toBe(readOnlyToolsFile(readOnlyToolNames([...allTools, graphqlQueryWithMutations])));
  });

  it('holds the read-only tools and no write, nor a name some configuration serves as a write', () => {
    const names = readOnlyToolNames([...allTools, graphqlQueryWithMutations]);
    expect(names).toEqual(expect.arrayContaining(['get_crew', 'list_jobs', 'find_open_roles']));
    for (const write of ['create_crew', 'create_jobs', 'update_crew', 'upload_crew_file', 'graphql_query'])
      expect(names).not.toContain(write);
    for (const name of names)
      expect(allTools.find((tool) => tool.name === name)?.annotations.readOnlyHint).toBe(true);
  });

  it('leaves out a name as soon as one variant of it writes', () => {
    const read = {
      name: 'a',
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    };
    const write = { ...read, annotations: { ...read.annotations, readOnlyHint: false } };
    expect(readOnlyToolNames([read, { ...read, name: 'b' }, { ...write, name: 'b' }])).toEqual(['a']);
  });
});
