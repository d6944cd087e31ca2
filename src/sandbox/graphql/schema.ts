// The executable schema: src/contract/schema.graphql (the contract) with our resolvers and
// scalars attached. Built once per process; the SDL is the single source of the API's shape.

import {
  buildSchema,
  type GraphQLFieldResolver,
  GraphQLObjectType,
  GraphQLScalarType,
  type GraphQLSchema,
} from 'graphql';
import { schemaSource } from '../../contract/files.js';
import type { ResolverContext } from './context.js';
import { createJobs } from './resolvers/create-jobs.js';
import { companyCrewAll, companyCrewOne } from './resolvers/crew.js';
import { companyCrewJobs, crewJobCrew, crewJobJob, crewJobRole } from './resolvers/crew-jobs.js';
import { createCrew, updateCompanyCrew } from './resolvers/crew-mutations.js';
import { companyJobs, roleCrewJobs } from './resolvers/jobs.js';
import { companyLeavers } from './resolvers/leavers.js';
import { updateProfileDataTypes } from './resolvers/profile-data-types.js';
import { updateJobs } from './resolvers/update-jobs.js';
import { mapLiteral, parseDate, parseMap, parseTime, stringLiteral } from './scalars.js';
import { applySchemaVariant, type SchemaVariant } from './schema-variant.js';

// biome-ignore lint/suspicious/noExplicitAny: resolvers receive typed args of their own.
type Resolver = GraphQLFieldResolver<any, ResolverContext, any>;

const RESOLVERS: Record<string, Record<string, Resolver>> = {
  Query: { companyJobs, companyCrewJobs, companyCrewAll, companyCrewOne, companyLeavers },
  Mutation: { createJobs, updateJobs, createCrew, updateCompanyCrew, updateProfileDataTypes },
  Role: { crewJobs: roleCrewJobs },
  CrewJob: { crew: crewJobCrew },
  CrewJobExtended: { crew: crewJobCrew, role: crewJobRole, job: crewJobJob },
};

let cached: GraphQLSchema | null = null;

/** The executable schema; with a variant, one built for it (not cached: tests only). */
export function sandboxSchema(variant?: SchemaVariant): GraphQLSchema {
  if (variant) return buildExecutable(applySchemaVariant(schemaSource(), variant), variant);
  cached ??= buildExecutable(schemaSource(), {});
  return cached;
}

function buildExecutable(sdl: string, variant: SchemaVariant): GraphQLSchema {
  const schema = buildSchema(sdl);
  for (const [typeName, fields] of Object.entries(RESOLVERS)) {
    const type = schema.getType(typeName);
    if (!(type instanceof GraphQLObjectType)) throw new Error(`schema has no object type ${typeName}`);
    for (const [fieldName, resolve] of Object.entries(fields)) {
      const field = type.getFields()[fieldName];
      if (!field && variant.removeOperations?.includes(fieldName)) continue;
      if (!field) throw new Error(`schema has no field ${typeName}.${fieldName}`);
      field.resolve = resolve;
    }
  }
  // A renamed field serves the value the data layer keeps under the contract's name.
  for (const { type: typeName, from, to } of variant.renameFields ?? []) {
    const field = (schema.getType(typeName) as GraphQLObjectType).getFields()[to];
    if (field) field.resolve ??= (source: Record<string, unknown>) => source[from];
  }
  attachScalar(schema, 'Time', parseTime, stringLiteral(parseTime));
  attachScalar(schema, 'Date', parseDate, stringLiteral(parseDate));
  attachScalar(schema, 'Map', parseMap, mapLiteral);
  return schema;
}

function attachScalar(
  schema: GraphQLSchema,
  name: string,
  parseValue: (value: unknown) => unknown,
  parseLiteral: GraphQLScalarType['parseLiteral'],
): void {
  const scalar = schema.getType(name);
  if (!(scalar instanceof GraphQLScalarType)) throw new Error(`schema has no scalar ${name}`);
  scalar.parseValue = parseValue;
  scalar.parseLiteral = parseLiteral;
  scalar.serialize = (value) => value;
}
