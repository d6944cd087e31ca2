// Request counters of one sandbox instance. Reset in place so that a test holding `sandbox.stats`
// keeps reading live numbers.
import { type FieldNode, Kind, parse, type SelectionSetNode, valueFromASTUntyped } from 'graphql';
import type { LoggedRequest, LoggedRootField, SandboxStats } from './types.js';

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

/** What a logged GraphQL request ran: its operation key and, for several root fields, each one. */
export interface RequestDescription {
  operation: string;
  fields?: LoggedRootField[];
}

/**
 * The root field names of the operation a request runs, joined by "," (e.g. "companyJobs" or
 * "createJobs,updateJobs"); "unknown" when the document does not parse or selects nothing.
 */
export function operationKeyOf(query: unknown, operationName?: unknown): string {
  return describeRequest(query, operationName, null).operation;
}

/**
 * The operation key, and when the operation has more than one root field (reads sent together
 * under aliases), each field's alias, name and arguments with `variables` put in: a test then
 * asserts what each read of a batched request asked, as it does for a request of one.
 */
export function describeRequest(
  query: unknown,
  operationName: unknown,
  variables: Record<string, unknown> | null,
): RequestDescription {
  const fields = rootFieldNodes(query, operationName);
  if (fields.length === 0) return { operation: 'unknown' };
  const operation = fields.map((field) => field.name.value).join(',');
  if (fields.length === 1) return { operation };
  return {
    operation,
    fields: fields.map((field) => ({
      alias: field.alias?.value ?? field.name.value,
      field: field.name.value,
      arguments: Object.fromEntries(
        (field.arguments ?? []).map((argument) => [
          argument.name.value,
          valueFromASTUntyped(argument.value, variables ?? {}),
        ]),
      ),
    })),
  };
}

function rootFieldNodes(query: unknown, operationName: unknown): FieldNode[] {
  if (typeof query !== 'string') return [];
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
    return chosen.flatMap((op) => rootFields(op.selectionSet, fragments, new Set()));
  } catch {
    return [];
  }
}

function rootFields(
  selectionSet: SelectionSetNode,
  fragments: ReadonlyMap<string, SelectionSetNode>,
  seen: Set<string>,
): FieldNode[] {
  return selectionSet.selections.flatMap((selection) => {
    if (selection.kind === Kind.FIELD) return [selection];
    if (selection.kind === Kind.INLINE_FRAGMENT) return rootFields(selection.selectionSet, fragments, seen);
    const name = selection.name.value;
    const fragment = fragments.get(name);
    // A fragment cycle is invalid GraphQL; stop rather than recurse forever.
    if (!fragment || seen.has(name)) return [];
    return rootFields(fragment, fragments, new Set([...seen, name]));
  });
}
