// Enumerations of the platform as our schema model has them (src/contract/schema.graphql).
// Most values are [assumed]; on a live platform `crew-mcp check` compares them by introspection.
import { z } from 'zod';
import { enumValues } from './schema-model.js';

export const crewJobStatusSchema = z.enum(enumValues('CrewJobStatus'));

export const crewStatusSchema = z.enum(enumValues('CrewStatus'));
