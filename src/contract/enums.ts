// Enumerations of the platform as our schema model has them (src/contract/schema.graphql).
// Most values are [assumed]: on a live platform the server takes the values of its schema
// instead (src/mcp/live-enums.ts), so every enum schema here remembers which GraphQL enum it is.
import { z } from 'zod';
import { enumValues } from './schema-model.js';

const graphqlEnumNames = new WeakMap<z.ZodType, string>();

/** A zod enum of the model's values of the GraphQL enum `name`. */
function modelEnum(name: string) {
  const schema = z.enum(enumValues(name));
  graphqlEnumNames.set(schema, name);
  return schema;
}

/** The GraphQL enum a zod schema stands for, when it is one of the enums here. */
export function graphqlEnumOf(schema: z.ZodType): string | undefined {
  return graphqlEnumNames.get(schema);
}

export const crewJobStatusSchema = modelEnum('CrewJobStatus');

export const crewStatusSchema = modelEnum('CrewStatus');
