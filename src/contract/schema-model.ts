// Our model of the upstream GraphQL schema (src/contract/schema.graphql), built once, when first
// needed, and shared by everything that reads it: crew://schema, describe_schema, the checks
// against a live schema. The enum values of tool inputs are read from the parsed SDL alone:
// they are needed at start, and building (and validating) the whole schema is not.
import { buildSchema, type DocumentNode, type GraphQLSchema, Kind, parse } from 'graphql';
import { schemaSource } from './files.js';

let model: GraphQLSchema | null = null;
let parsed: DocumentNode | null = null;

export function schemaModel(): GraphQLSchema {
  model ??= buildSchema(schemaSource());
  return model;
}

/** The values of an enum of the model, e.g. enumValues('CrewJobStatus'), in the SDL's order. */
export function enumValues(name: string): [string, ...string[]] {
  parsed ??= parse(schemaSource(), { noLocation: true });
  const definition = parsed.definitions.find(
    (node) => node.kind === Kind.ENUM_TYPE_DEFINITION && node.name.value === name,
  );
  const values =
    definition?.kind === Kind.ENUM_TYPE_DEFINITION
      ? (definition.values ?? []).map((value) => value.name.value)
      : [];
  if (values.length === 0) throw new Error(`The schema model has no enum ${name}.`);
  return values as [string, ...string[]];
}
