// Our model of the upstream GraphQL schema (src/contract/schema.graphql), built once, when first
// needed, and shared by everything that reads it: crew://schema, describe_schema, the checks
// against a live schema. The enum values of tool inputs are read from the SDL alone: they are
// needed at start, and building (and validating) the whole schema is not, nor parsing all of it.
import {
  buildSchema,
  type DefinitionNode,
  type DocumentNode,
  type GraphQLSchema,
  Kind,
  parse,
} from 'graphql';
import { schemaSource } from './files.js';

let model: GraphQLSchema | null = null;
let parsed: DocumentNode | null = null;

export function schemaModel(): GraphQLSchema {
  model ??= buildSchema(schemaSource());
  return model;
}

/**
 * The enum's own definition, parsed from its lines of the SDL (`enum Name` to the first `}`):
 * a fifteenth of the whole SDL, which is parsed instead when that text is not the definition.
 */
function enumDefinition(name: string): DefinitionNode | undefined {
  const source = schemaSource();
  const start = source.search(new RegExp(`^enum\\s+${name}\\b`, 'm'));
  const end = start < 0 ? -1 : source.indexOf('}', start);
  if (end >= 0) {
    try {
      const [definition] = parse(source.slice(start, end + 1), { noLocation: true }).definitions;
      if (definition?.kind === Kind.ENUM_TYPE_DEFINITION && definition.name.value === name) return definition;
    } catch {
      // A `}` inside a description or a comment ended the text early: the whole SDL instead.
    }
  }
  parsed ??= parse(source, { noLocation: true });
  return parsed.definitions.find(
    (node) => node.kind === Kind.ENUM_TYPE_DEFINITION && node.name.value === name,
  );
}

/** The values of an enum of the model, e.g. enumValues('CrewJobStatus'), in the SDL's order. */
export function enumValues(name: string): [string, ...string[]] {
  const definition = enumDefinition(name);
  const values =
    definition?.kind === Kind.ENUM_TYPE_DEFINITION
      ? (definition.values ?? []).map((value) => value.name.value)
      : [];
  if (values.length === 0) throw new Error(`The schema model has no enum ${name}.`);
  return values as [string, ...string[]];
}
