// Writes deploy/read-only-tools.lst from the built tool registry (run `npm run build` first): the
// tools HAProxy may send again to another replica when a call of one is cut in flight. The test
// test/unit/read-only-tools.test.ts fails when the shipped file differs from the registry.
import { writeFileSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
const { allTools } = await import(`${root}dist/tools/index.js`);
const { graphqlQueryWithMutations } = await import(`${root}dist/tools/graphql-query.js`);
const { readOnlyToolNames, readOnlyToolsFile } = await import(`${root}dist/src/mcp/read-only-list.js`);
const names = readOnlyToolNames([...allTools, graphqlQueryWithMutations]);
writeFileSync(`${root}deploy/read-only-tools.lst`, readOnlyToolsFile(names));
process.stdout.write(`deploy/read-only-tools.lst: ${names.length} read-only tools\n`);
