// The tools a load balancer may send again to another replica when a call is cut in flight
// (deploy/read-only-tools.lst, read by deploy/haproxy.cfg through the Mcp-Name header): those
// whose every variant is read-only by its annotations. A name that some configuration serves as a
// write (graphql_query with --allow-graphql-mutations) is left out, since the balancer cannot see
// how a replica was started. Written by scripts/read-only-tools.mjs; a test fails when the shipped
// file differs from what the registry says.
import { isWriteTool, type ToolDefinition } from './define-tool.js';

/** Names of the tools that no variant among `definitions` serves as a write, sorted. */
export function readOnlyToolNames(
  definitions: readonly Pick<ToolDefinition, 'name' | 'annotations'>[],
): string[] {
  const writes = new Set(definitions.filter(isWriteTool).map((tool) => tool.name));
  return [...new Set(definitions.map((tool) => tool.name))].filter((name) => !writes.has(name)).sort();
}

/** The HAProxy pattern file of those names: one per line, under a header that says where it comes from. */
export function readOnlyToolsFile(names: readonly string[]): string {
  return [
    '# Tools whose calls HAProxy may send again to another replica when one is cut in flight',
    '# (deploy/haproxy.cfg, backend crew_mcp_reads): read-only by their annotations (readOnlyHint)',
    '# in every variant. Generated from the tool registry: do not edit. After a tool change:',
    '#   npm run build && node scripts/read-only-tools.mjs',
    ...names,
    '',
  ].join('\n');
}
