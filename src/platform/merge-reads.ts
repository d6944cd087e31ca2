// Several read documents as one GraphQL document, and its answer split back: the same aliasing
// any GraphQL server accepts (`r0_companyCrewAll: companyCrewAll(input: $r0_input) {...}
// r1_companyCrewJobs: ...`). Read i's root fields take the alias prefix `r<i>_`, its variables
// the same prefix; fragments shared by the reads are sent once. Pure: the batcher
// (read-batcher.ts) decides what to merge and what to do with each share of the answer.
import {
  type DefinitionNode,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  Kind,
  type OperationDefinitionNode,
  parse,
  print,
  type VariableDefinitionNode,
  visit,
} from 'graphql';

/** One query document, parsed once and checked to be mergeable. */
export interface MergeableRead {
  operation: OperationDefinitionNode;
  fragments: FragmentDefinitionNode[];
  /** Each fragment's printed text, to tell a shared fragment from another of the same name. */
  fragmentTexts: Map<string, string>;
}

/**
 * The document as a mergeable read, or null when it cannot be merged safely: not exactly one
 * query operation, a root selection other than plain fields (its keys could not be routed back),
 * or a fragment using a variable (fragments are shared, variables are renamed per read).
 */
export function mergeableRead(text: string): MergeableRead | null {
  let document: DocumentNode;
  try {
    document = parse(text);
  } catch {
    return null;
  }
  const operations = document.definitions.filter(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
  const [operation] = operations;
  if (operations.length !== 1 || !operation || operation.operation !== 'query') return null;
  if (!operation.selectionSet.selections.every((selection) => selection.kind === Kind.FIELD)) return null;
  const fragments = document.definitions.filter(
    (definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION,
  );
  if (fragments.some(usesVariables)) return null;
  return {
    operation,
    fragments,
    fragmentTexts: new Map(fragments.map((fragment) => [fragment.name.value, print(fragment)])),
  };
}

function usesVariables(fragment: FragmentDefinitionNode): boolean {
  let found = false;
  visit(fragment, {
    Variable() {
      found = true;
    },
  });
  return found;
}

/** Whether `read` can join reads whose fragments are `texts`: no fragment name with another body. */
export function fragmentsAgree(read: MergeableRead, texts: ReadonlyMap<string, string>): boolean {
  for (const [name, text] of read.fragmentTexts) {
    const other = texts.get(name);
    if (other !== undefined && other !== text) return false;
  }
  return true;
}

export interface MergedDocument {
  text: string;
  variables: Record<string, unknown>;
  /** Per read: its root response keys, each with the alias it was sent under. */
  keys: { responseKey: string; alias: string }[][];
}

const prefixOf = (index: number) => `r${index}_`;

/** The reads as one query document: read i's fields under `r<i>_` aliases, its variables renamed alike. */
export function mergeReads(
  reads: readonly { read: MergeableRead; variables: Record<string, unknown> }[],
): MergedDocument {
  const fragments = new Map<string, FragmentDefinitionNode>();
  const variableDefinitions: VariableDefinitionNode[] = [];
  const selections: FieldNode[] = [];
  const variables: Record<string, unknown> = {};
  const keys: MergedDocument['keys'] = [];
  reads.forEach(({ read, variables: values }, index) => {
    const prefix = prefixOf(index);
    const renamed = visit(read.operation, {
      Variable: (node) => ({ ...node, name: { ...node.name, value: prefix + node.name.value } }),
    });
    variableDefinitions.push(...(renamed.variableDefinitions ?? []));
    for (const definition of read.operation.variableDefinitions ?? []) {
      const name = definition.variable.name.value;
      if (values[name] !== undefined) variables[prefix + name] = values[name];
    }
    const readKeys: { responseKey: string; alias: string }[] = [];
    for (const selection of renamed.selectionSet.selections as FieldNode[]) {
      const responseKey = selection.alias?.value ?? selection.name.value;
      const alias = prefix + responseKey;
      readKeys.push({ responseKey, alias });
      selections.push({ ...selection, alias: { kind: Kind.NAME, value: alias } });
    }
    keys.push(readKeys);
    for (const fragment of read.fragments) fragments.set(fragment.name.value, fragment);
  });
  const operation: OperationDefinitionNode = {
    kind: Kind.OPERATION_DEFINITION,
    operation: 'query' as OperationDefinitionNode['operation'],
    variableDefinitions,
    directives: [],
    selectionSet: { kind: Kind.SELECTION_SET, selections },
  };
  const definitions: DefinitionNode[] = [operation, ...fragments.values()];
  return { text: print({ kind: Kind.DOCUMENT, definitions }), variables, keys };
}

export interface GraphqlErrorShape {
  message?: string;
  path?: (string | number)[];
  extensions?: { code?: string; requiredScope?: string };
}

/** One read's share of a merged answer: its data under its own keys, its errors with their paths as sent alone. */
export interface ReadShare {
  /** Every root key answered (null when the answer had no data for one of them). */
  data: Record<string, unknown> | null;
  errors: GraphqlErrorShape[];
}

/**
 * The answer split per read, or null when it is a whole-document answer: no data object and no
 * error routed to a read, or an error whose path leads to no read's alias (a limit on the
 * document, a validation failure). Then no share can be trusted and each read goes alone.
 */
export function splitAnswer(
  merged: MergedDocument,
  body: { data?: Record<string, unknown> | null; errors?: GraphqlErrorShape[] },
): ReadShare[] | null {
  const owner = new Map<string, { read: number; responseKey: string }>();
  merged.keys.forEach((readKeys, read) => {
    for (const { responseKey, alias } of readKeys) owner.set(alias, { read, responseKey });
  });
  const shares: ReadShare[] = merged.keys.map(() => ({ data: null, errors: [] }));
  for (const error of body.errors ?? []) {
    const head = error.path?.[0];
    const found = typeof head === 'string' ? owner.get(head) : undefined;
    if (!found) return null;
    (shares[found.read] as ReadShare).errors.push({
      ...error,
      path: [found.responseKey, ...(error.path ?? []).slice(1)],
    });
  }
  const data = body.data;
  if (!data && !shares.some((share) => share.errors.length > 0)) return null;
  merged.keys.forEach((readKeys, read) => {
    if (!data || !readKeys.every(({ alias }) => alias in data)) return;
    (shares[read] as ReadShare).data = Object.fromEntries(
      readKeys.map(({ responseKey, alias }) => [responseKey, data[alias]]),
    );
  });
  return shares;
}
