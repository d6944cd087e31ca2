// Request counters of one sandbox instance. Reset in place so that a test holding `sandbox.stats`
// keeps reading live numbers.
import { Kind, parse, type SelectionSetNode } from 'graphql';
import type { LoggedRequest, SandboxStats } from './types.js';

/** Requests kept in SandboxStats.requests; older ones fall off. */
export const REQUEST_LOG_LIMIT = 500;

export function createStats(): SandboxStats {
  return {
    tokenRequests: 0,
    graphqlRequests: 0,
    graphqlByOperation: {},
    restRequests: 0,
    webhookDeliveries: 0,
    requests: [],
  };
}

export function logRequest(stats: SandboxStats, request: LoggedRequest): void {
  stats.requests.push(request);
  if (stats.requests.length > REQUEST_LOG_LIMIT)
    stats.requests.splice(0, stats.requests.length - REQUEST_LOG_LIMIT);
}

export function resetStats(stats: SandboxStats): void {
  stats.tokenRequests = 0;
  stats.graphqlRequests = 0;
  stats.graphqlByOperation = {};
  stats.restRequests = 0;
  stats.webhookDeliveries = 0;
  stats.requests = [];
}

export function countGraphqlRequest(stats: SandboxStats, operationKey: string): void {
  stats.graphqlRequests += 1;
  stats.graphqlByOperation[operationKey] = (stats.graphqlByOperation[operationKey] ?? 0) + 1;
}

/**
 * The root field names of the operation a request runs, joined by "," (e.g. "companyJobs" or
 * "createJobs,updateJobs"); "unknown" when the document does not parse or selects nothing.
 */
export function operationKeyOf(query: unknown, operationName?: unknown): string {
  if (typeof query !== 'string') return 'unknown';
  try {
    const document = parse(query);
    const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
    const chosen =
      typeof operationName === 'string' && operationName !== ''
        ? operations.filter((op) => op.name?.value === operationName)
        : operations.slice(0, 1);
    const fragments = new Map(
      document.definitions.flatMap((d) =>
        d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d.selectionSet] as const] : [],
      ),
    );
    const names = chosen.flatMap((op) => rootFieldNames(op.selectionSet, fragments, new Set()));
    return names.length > 0 ? names.join(',') : 'unknown';
  } catch {
    return 'unknown';
  }
}

function rootFieldNames(
  selectionSet: SelectionSetNode,
  fragments: ReadonlyMap<string, SelectionSetNode>,
  seen: Set<string>,
): string[] {
  return selectionSet.selections.flatMap((selection) => {
    if (selection.kind === Kind.FIELD) return [selection.name.value];
    if (selection.kind === Kind.INLINE_FRAGMENT)
      return rootFieldNames(selection.selectionSet, fragments, seen);
    const name = selection.name.value;
    const fragment = fragments.get(name);
    // A fragment cycle is invalid GraphQL; stop rather than recurse forever.
    if (!fragment || seen.has(name)) return [];
    return rootFieldNames(fragment, fragments, new Set([...seen, name]));
  });
}
