// crew://schema: our model of the upstream GraphQL schema (src/platform/schema.graphql), compacted
// for a model: each operation with its input and output types, then every type on one line with
// its fields, and the descriptions that carry a rule. Provenance tags ([spec], [assumed]) and the
// SDL's punctuation are dropped; it is built once, since the file ships with the server.
import type { McpServer } from '@modelcontextprotocol/server';
import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLNamedType,
  type GraphQLSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isObjectType,
  isScalarType,
} from 'graphql';
import { schemaModel } from '../contract/schema-model.js';
import { MARKDOWN, markdown, type ResourceDeps } from './context.js';
import { guardRead } from './errors.js';

export const SCHEMA_URI = 'crew://schema';
const BUILT_IN_SCALARS = new Set(['String', 'Int', 'Float', 'Boolean', 'ID']);
const DESCRIPTION_LIMIT = 140;

/** A description without provenance tags, shortened; undefined when nothing is left. */
export function cleanDescription(text: string | null | undefined): string | undefined {
  if (!text) return undefined;
  const clean = text
    .replace(/\[(spec|public|assumed)[^\]]*\]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s+([;,.)])/g, '$1')
    .trim();
  if (!clean) return undefined;
  return clean.length > DESCRIPTION_LIMIT ? `${clean.slice(0, DESCRIPTION_LIMIT - 1)}…` : clean;
}

function fieldText(field: GraphQLField<unknown, unknown> | GraphQLInputField | GraphQLArgument): string {
  const value = 'defaultValue' in field ? field.defaultValue : undefined;
  // Enum defaults print bare (payType=HOURLY), as in SDL.
  const defaultValue =
    value === undefined
      ? ''
      : `=${isEnumType(getNamedType(field.type)) ? String(value) : JSON.stringify(value)}`;
  const deprecated = field.deprecationReason ? ' (deprecated)' : '';
  const description = cleanDescription(field.description);
  return `${field.name} ${String(field.type)}${defaultValue}${deprecated}${description ? ` (${description})` : ''}`;
}

function operationLines(schema: GraphQLSchema, kind: 'query' | 'mutation'): string[] {
  const root = kind === 'query' ? schema.getQueryType() : schema.getMutationType();
  if (!root) return [];
  return Object.values(root.getFields()).map((field) => {
    const args = field.args.map((arg) => `${arg.name}: ${String(arg.type)}`).join(', ');
    const description = cleanDescription(field.description);
    return `- ${field.name}(${args}): ${String(field.type)}${description ? ` — ${description}` : ''}`;
  });
}

function typeLine(type: GraphQLNamedType): string | undefined {
  if (type.name.startsWith('__') || BUILT_IN_SCALARS.has(type.name)) return undefined;
  const description = cleanDescription(type.description);
  const suffix = description ? ` — ${description}` : '';
  if (isScalarType(type)) return `- scalar ${type.name}${suffix}`;
  if (isEnumType(type))
    return `- enum ${type.name}: ${type
      .getValues()
      .map((value) => value.name)
      .join(' | ')}${suffix}`;
  if (isObjectType(type) || isInputObjectType(type)) {
    const fields = Object.values(type.getFields()).map(fieldText);
    return `- ${isInputObjectType(type) ? 'input ' : ''}${type.name} { ${fields.join('; ')} }${suffix}`;
  }
  return undefined;
}

export function renderSchema(schema: GraphQLSchema): string {
  const roots = new Set(['Query', 'Mutation']);
  const types = Object.values(schema.getTypeMap())
    .filter((type) => !roots.has(type.name))
    .map(typeLine)
    .filter((line): line is string => Boolean(line));
  return [
    '# Platform GraphQL schema (compact)',
    'Notation: `!` required, `[T]` list, `=x` default. Lists take {page, perPage ≤ 100} and answer {paginatedList, pager}. Mutations answer {success, errors, errorCodes}; success false means nothing was written. Each operation needs a scope (jobs:read, jobs:write, crew:read, crew:write). Tools wrap these operations; use them rather than raw GraphQL.',
    '',
    '## Queries',
    ...operationLines(schema, 'query'),
    '',
    '## Mutations',
    ...operationLines(schema, 'mutation'),
    '',
    '## Types',
    ...types,
  ].join('\n');
}

let rendered: string | null = null;

export function schemaText(): string {
  rendered ??= renderSchema(schemaModel());
  return rendered;
}

const entriesBySchema = new WeakMap<GraphQLSchema, Map<string, string>>();

/** One compact line per operation and per type of the schema (our model unless given), by name. */
export function schemaEntries(schema: GraphQLSchema = schemaModel()): Map<string, string> {
  let entries = entriesBySchema.get(schema);
  if (entries) return entries;
  entries = new Map();
  entriesBySchema.set(schema, entries);
  for (const kind of ['query', 'mutation'] as const) {
    const root = kind === 'query' ? schema.getQueryType() : schema.getMutationType();
    const lines = operationLines(schema, kind);
    Object.keys(root?.getFields() ?? {}).forEach((name, index) => {
      entries?.set(name, `${kind} ${(lines[index] ?? '').replace(/^- /, '')}`);
    });
  }
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name === 'Query' || type.name === 'Mutation') continue;
    const line = typeLine(type);
    if (line) entries.set(type.name, line.replace(/^- /, ''));
  }
  return entries;
}

export function registerSchema(server: McpServer, deps: ResourceDeps): void {
  server.registerResource(
    'schema',
    SCHEMA_URI,
    {
      title: 'Platform schema',
      description:
        "A compact form of the platform's GraphQL schema: operations, their input and output types, fields.",
      mimeType: MARKDOWN,
    },
    (uri) => guardRead(uri.href, deps.logger, async () => markdown(uri.href, schemaText())),
  );
}
