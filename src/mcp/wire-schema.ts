// What clients (and models) see of a tool's zod schema. zod's JSON Schema carries noise that
// costs context and says nothing a model needs: `$schema`, the ±2^53 bounds of every integer,
// and the full regex behind `format: date-time`. We hand the SDK a Standard Schema that
// validates with zod and describes itself with the compacted JSON Schema, converted once and
// cached (HTTP builds a server instance per request).
import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { inputGuardIssues } from './input-guard.js';

type JsonSchema = Record<string, unknown>;

const SAFE_MIN = Number.MIN_SAFE_INTEGER;
const SAFE_MAX = Number.MAX_SAFE_INTEGER;

/** Removes noise from a JSON Schema, deeply; returns a new object. */
export function compactJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(compactJsonSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const result: JsonSchema = {};
  const source = schema as JsonSchema;
  for (const [key, value] of Object.entries(source)) {
    if (key === '$schema') continue;
    if (key === 'minimum' && value === SAFE_MIN) continue;
    if (key === 'maximum' && value === SAFE_MAX) continue;
    // A named format says it all; the regex zod adds for it is hundreds of tokens.
    if (key === 'pattern' && typeof source.format === 'string') continue;
    result[key] = compactJsonSchema(value);
  }
  return result;
}

type Io = 'input' | 'output';

const cache = { input: new WeakMap<z.ZodType, JsonSchema>(), output: new WeakMap<z.ZodType, JsonSchema>() };

/** The JSON Schema of one side of a zod schema, converted on first use (tools/list asks for one side of each). */
function converted(schema: z.ZodType, io: Io): JsonSchema {
  let json = cache[io].get(schema);
  if (!json) {
    json = compactJsonSchema(z.toJSONSchema(schema, { target: 'draft-2020-12', io })) as JsonSchema;
    cache[io].set(schema, json);
  }
  return json;
}

const wrappers = {
  input: new WeakMap<z.ZodType, StandardSchemaWithJSON>(),
  output: new WeakMap<z.ZodType, StandardSchemaWithJSON>(),
};

/**
 * The schema to register with the SDK: zod validation, after the input guard (unknown keys,
 * out-of-range integers, invalid text: input-guard.ts), and a compact, cached JSON Schema.
 */
export function wireSchema(schema: z.ZodType, role: Io): StandardSchemaWithJSON {
  let wrapper = wrappers[role].get(schema);
  if (!wrapper) {
    const standard = schema['~standard'];
    wrapper = {
      '~standard': {
        version: 1,
        vendor: 'crew-mcp',
        validate: (value: unknown) => {
          const guarded = role === 'input' ? inputGuardIssues(schema, value) : [];
          return guarded.length > 0 ? { issues: guarded } : standard.validate(value);
        },
        jsonSchema: {
          input: () => converted(schema, 'input'),
          output: () => converted(schema, 'output'),
        },
      },
    } as StandardSchemaWithJSON;
    wrappers[role].set(schema, wrapper);
  }
  return wrapper;
}
