// Our model of the upstream GraphQL schema (src/contract/schema.graphql), built once and shared
// by everything that reads it: the enum values of tool inputs, crew://schema, describe_schema.
import { buildSchema, type GraphQLSchema, isEnumType } from 'graphql';
import { schemaSource } from './files.js';

let model: GraphQLSchema | null = null;

export function schemaModel(): GraphQLSchema {
  model ??= buildSchema(schemaSource());
  return model;
}

/** The values of an enum of the model, e.g. enumValues('CrewJobStatus'). */
export function enumValues(name: string): [string, ...string[]] {
  const type = schemaModel().getType(name);
  if (!isEnumType(type)) throw new Error(`The schema model has no enum ${name}.`);
  return type.getValues().map((value) => value.name) as [string, ...string[]];
}
