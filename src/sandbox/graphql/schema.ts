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

export function sandboxSchema(): GraphQLSchema {
  if (cached) return cached;
  const schema = buildSchema(schemaSource());
  for (const [typeName, fields] of Object.entries(RESOLVERS)) {
    const type = schema.getType(typeName);
    if (!(type instanceof GraphQLObjectType)) throw new Error(`schema has no object type ${typeName}`);
    for (const [fieldName, resolve] of Object.entries(fields)) {
      const field = type.getFields()[fieldName];
      if (!field) throw new Error(`schema has no field ${typeName}.${fieldName}`);
      field.resolve = resolve;
    }
  }
  attachScalar(schema, 'Time', parseTime, stringLiteral(parseTime));
  attachScalar(schema, 'Date', parseDate, stringLiteral(parseDate));
  attachScalar(schema, 'Map', parseMap, mapLiteral);
  cached = schema;
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
