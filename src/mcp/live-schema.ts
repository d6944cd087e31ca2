// Tools against a live platform's schema, which may differ from our partly [assumed] model.
// Each GraphQL document the product sends is checked against the introspected schema at start:
// - it validates: sent as it is;
// - it selects fields the live schema lacks that our model says may be null (so every reader
//   already copes without them): those fields are dropped, and the platform client sends the
//   adapted text instead (GraphqlClient.useRewrites); `crew-mcp check` lists what was dropped;
// - anything else (a missing operation, a missing id or non-null field, changed arguments): the
//   tool is not listed, with the reason, instead of failing on every call.
// Input enums take the live values too (live-enums.ts).
import {
  type DocumentNode,
  type FieldNode,
  FieldsOnCorrectTypeRule,
  FragmentsOnCompositeTypesRule,
  type GraphQLSchema,
  isInterfaceType,
  isNonNullType,
  isObjectType,
  Kind,
  KnownArgumentNamesRule,
  KnownDirectivesRule,
  KnownTypeNamesRule,
  PossibleFragmentSpreadsRule,
  ProvidedRequiredArgumentsRule,
  parse,
  print,
  ScalarLeafsRule,
  ValuesOfCorrectTypeRule,
  VariablesAreInputTypesRule,
  VariablesInAllowedPositionRule,
  validate,
  visit,
} from 'graphql';
import { partsOf, sharedDocuments } from '../contract/documents.js';
import { schemaModel } from '../contract/schema-model.js';
import type { Logger } from '../logger.js';
import type { Platform } from '../platform/client.js';
import { fetchLiveSchema } from '../platform/introspection.js';
import { describeError } from '../platform/network-cause.js';
import { compareSchemas, type SchemaDifferences } from '../platform/schema-diff.js';
import type { ToolDefinition } from './define-tool.js';
import { toolWithLiveEnums } from './live-enums.js';

export type DocumentAdaptation =
  | { ok: true; adapted: string; dropped: string[] }
  | { ok: false; problems: string[] };

const MISSING_FIELD = /^Cannot query field "(\w+)" on type "(\w+)"/;

/** Why our code cannot do without `type.field`; null when it can. */
function neededBecause(model: GraphQLSchema, typeName: string, fieldName: string): string | null {
  if ([model.getQueryType()?.name, model.getMutationType()?.name].includes(typeName)) {
    return `the live schema has no operation ${fieldName}`;
  }
  const type = model.getType(typeName);
  const field = isObjectType(type) || isInterfaceType(type) ? type.getFields()[fieldName] : undefined;
  if (!field) return `${typeName}.${fieldName} is missing from the live schema`;
  if (fieldName === 'id' || isNonNullType(field.type)) {
    return `${typeName}.${fieldName} is missing from the live schema and the tool needs it`;
  }
  return null;
}

function emptySelection(document: DocumentNode): boolean {
  let empty = false;
  visit(document, {
    SelectionSet(node) {
      if (node.selections.length === 0) empty = true;
    },
  });
  return empty;
}

/**
 * What a live schema can make invalid in our documents: the rules that read the schema. Their own
 * form (names, variables, fragments) does not depend on the platform and is held against our
 * model with every rule by test/tools/registry.test.ts; checking it again at every start cost
 * about half of this validation's time.
 */
const SCHEMA_RULES = [
  KnownTypeNamesRule,
  FragmentsOnCompositeTypesRule,
  VariablesAreInputTypesRule,
  ScalarLeafsRule,
  FieldsOnCorrectTypeRule,
  PossibleFragmentSpreadsRule,
  KnownDirectivesRule,
  KnownArgumentNamesRule,
  ValuesOfCorrectTypeRule,
  ProvidedRequiredArgumentsRule,
  VariablesInAllowedPositionRule,
];

/** `document` made valid against `live` by dropping nullable fields it lacks, or why it cannot be. */
export function adaptDocument(
  document: string,
  live: GraphQLSchema,
  /** Our model, which says whether a missing field may be left out; built only when one is missing. */
  model?: GraphQLSchema,
): DocumentAdaptation {
  let ast = parse(document);
  const dropped = new Set<string>();
  // Each round drops what validation names; a dropped field can hide others only inside it, so
  // two rounds settle it, and the bound keeps a surprising schema from looping.
  for (let round = 0; round < 4; round++) {
    const errors = validate(live, ast, SCHEMA_RULES);
    if (errors.length === 0) {
      return { ok: true, adapted: dropped.size > 0 ? print(ast) : document, dropped: [...dropped] };
    }
    const removable = new Set<FieldNode>();
    const problems: string[] = [];
    for (const error of errors) {
      const match = MISSING_FIELD.exec(error.message);
      const node = error.nodes?.[0];
      if (!match || node?.kind !== Kind.FIELD) {
        problems.push(error.message);
        continue;
      }
      const [, fieldName, typeName] = match as unknown as [string, string, string];
      const reason = neededBecause(model ?? schemaModel(), typeName, fieldName);
      if (reason) problems.push(reason);
      else {
        removable.add(node);
        dropped.add(`${typeName}.${fieldName}`);
      }
    }
    if (problems.length > 0) return { ok: false, problems: [...new Set(problems)] };
    ast = visit(ast, { Field: (node) => (removable.has(node) ? null : undefined) });
    if (emptySelection(ast)) {
      return { ok: false, problems: [`dropping ${[...dropped].join(', ')} would leave nothing selected`] };
    }
  }
  return { ok: false, problems: ['the document does not settle against the live schema'] };
}

/**
 * True when every one of `documents` validates against `live` as it is, read in one pass over
 * the distinct texts they are made of: the same fragment, shared by many documents, is parsed
 * and checked once (this check is most of a live start's own work). Exact, because each rule
 * here judges a node, an operation or a spread by what it names, never by what else the document
 * holds: the pass finds the errors of all the documents together. False says only that some
 * document needs adapting, or that the texts cannot be read together (a document not made by
 * withFragments, two fragments of one name): each is then adapted on its own.
 */
function validAsTheyAre(live: GraphQLSchema, documents: readonly string[]): boolean {
  const texts = new Set<string>();
  for (const document of documents) {
    const parts = partsOf(document);
    if (!parts) return false;
    for (const part of parts) texts.add(part);
  }
  const ast = parse([...texts].join('\n'));
  const fragmentNames = new Set<string>();
  for (const definition of ast.definitions) {
    if (definition.kind !== Kind.FRAGMENT_DEFINITION) continue;
    if (fragmentNames.has(definition.name.value)) return false;
    fragmentNames.add(definition.name.value);
  }
  return validate(live, ast, SCHEMA_RULES).length === 0;
}

export interface LiveSchemaPlan {
  /** Original document text -> the text to send to this platform. */
  rewrites: Map<string, string>;
  /** Tools listed with fields dropped from their documents, e.g. list_jobs -> ["Job.location"]. */
  dropped: Map<string, string[]>;
  /** Tools that cannot work against this schema, with why. */
  unavailable: Map<string, string>;
  /** The tools, each with its input enums taken from the live schema. */
  tools: ToolDefinition[];
  /** The live schema itself (what graphql_query validates against, describe_schema shows). */
  schema: GraphQLSchema;
}

/**
 * How the product works against `live`: `tools` with their documents, plus `shared` documents
 * sent outside tools (lookups, resources), which are adapted when they can be.
 */
export function planForLiveSchema(
  live: GraphQLSchema,
  tools: readonly ToolDefinition[],
  shared: readonly string[] = [],
): LiveSchemaPlan {
  const plan: LiveSchemaPlan = {
    rewrites: new Map(),
    dropped: new Map(),
    unavailable: new Map(),
    tools: [],
    schema: live,
  };
  const adaptations = new Map<string, DocumentAdaptation>();
  const asTheyAre = validAsTheyAre(live, [...shared, ...tools.flatMap((tool) => tool.documents ?? [])]);
  const adapt = (document: string) => {
    let adaptation = adaptations.get(document);
    if (!adaptation) {
      // What adaptDocument answers for a document that validates.
      adaptation = asTheyAre ? { ok: true, adapted: document, dropped: [] } : adaptDocument(document, live);
      adaptations.set(document, adaptation);
      if (adaptation.ok && adaptation.adapted !== document) plan.rewrites.set(document, adaptation.adapted);
    }
    return adaptation;
  };
  for (const document of shared) adapt(document);
  for (const tool of tools) {
    const problems: string[] = [];
    const dropped = new Set<string>();
    for (const document of tool.documents ?? []) {
      const adaptation = adapt(document);
      if (adaptation.ok) for (const field of adaptation.dropped) dropped.add(field);
      else problems.push(...adaptation.problems);
    }
    if (problems.length > 0) {
      plan.unavailable.set(
        tool.name,
        `it cannot work against the live schema: ${[...new Set(problems)].join('; ')}`,
      );
    } else if (dropped.size > 0) {
      plan.dropped.set(tool.name, [...dropped]);
    }
    plan.tools.push(toolWithLiveEnums(tool, live));
  }
  return plan;
}

export interface LiveSchemaReport {
  schema: GraphQLSchema;
  plan: LiveSchemaPlan;
  differences: SchemaDifferences;
}

/**
 * Introspect the platform (or take the schema an earlier request is reading: src/prefetch.ts)
 * and plan how the tools work against what it has.
 */
export async function readLiveSchema(
  platform: Platform,
  tools: readonly ToolDefinition[],
  options: { signal?: AbortSignal; schema?: Promise<GraphQLSchema> } = {},
): Promise<LiveSchemaReport> {
  const schema = await (options.schema ?? fetchLiveSchema(platform.graphql, options.signal));
  return {
    schema,
    plan: planForLiveSchema(schema, tools, sharedDocuments),
    // Read by `crew-mcp check` only: the server does not build our model at start for it.
    get differences() {
      return compareSchemas(schemaModel(), schema);
    },
  };
}

/**
 * Against a live platform: documents adapted to its schema (sent by the platform client in place
 * of ours), tools that cannot work not listed, input enums with the live values. Null (tools not
 * checked, our model used) when the platform cannot be introspected.
 */
export async function adaptToLiveSchema(
  platform: Platform,
  tools: ToolDefinition[],
  logger: Logger,
  prefetched?: Promise<GraphQLSchema>,
): Promise<LiveSchemaPlan | null> {
  try {
    const { plan } = await readLiveSchema(platform, tools, { schema: prefetched });
    platform.graphql.useRewrites(plan.rewrites);
    for (const [tool, fields] of plan.dropped) {
      logger.warn({ tool, fields }, 'the live schema lacks fields this tool reads: they are left out');
    }
    return plan;
  } catch (error) {
    logger.warn(
      { reason: describeError(error) },
      'could not introspect the live schema: tools are not checked against it',
    );
    return null;
  }
}
