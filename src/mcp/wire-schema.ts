// What clients (and models) see of a tool's zod schema. zod's JSON Schema carries noise that
// costs context and says nothing a model needs (compactJsonSchema lists it); every token here is
// paid in every conversation (docs/TOOL-TEXT.md). We hand the SDK a Standard Schema that
// validates with zod and describes itself with the compacted JSON Schema, converted once and
// cached (HTTP builds a server instance per request).
import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { inputGuardIssues } from './input-guard.js';

type JsonSchema = Record<string, unknown>;

const SAFE_MIN = Number.MIN_SAFE_INTEGER;
const SAFE_MAX = Number.MAX_SAFE_INTEGER;

/**
 * Removes noise from a JSON Schema, deeply; returns a new object. What is left accepts and
 * refuses what zod's schema did (it stays true for clients that check arguments), but for three
 * things meant: a named format stands for zod's regex of it, the ±2^53 integer bounds go (the
 * input guard holds the platform's 32-bit range), and an optional deprecated property is not
 * shown (it is still taken). test/unit/wire-schema.test.ts holds every tool to that.
 */
export function compactJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(compactJsonSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const source = schema as JsonSchema;
  const result: JsonSchema = {};
  for (const [key, value] of Object.entries(source)) {
    if (isNoise(key, value, source)) continue;
    result[key] =
      key === 'properties' ? shownProperties(value as JsonSchema, source.required) : compactJsonSchema(value);
  }
  // A loose object (any keys, any values) is said by `type: object` alone.
  if (isAnything(source.additionalProperties)) {
    delete result.additionalProperties;
    if (Object.keys((result.properties as JsonSchema | undefined) ?? {}).length === 0)
      delete result.properties;
  }
  return result;
}

/** A keyword that restricts nothing beyond its neighbours, or annotates the obvious. */
function isNoise(key: string, value: unknown, source: JsonSchema): boolean {
  switch (key) {
    case '$schema':
      return true;
    case 'minimum':
      return value === SAFE_MIN;
    case 'maximum':
      return value === SAFE_MAX;
    // A named format says it all; the regex zod adds for it is hundreds of tokens.
    case 'pattern':
      return typeof source.format === 'string';
    // An enum of strings admits strings only.
    case 'type':
      return (
        value === 'string' && Array.isArray(source.enum) && source.enum.every((v) => typeof v === 'string')
      );
    // JSON object keys are strings.
    case 'propertyNames':
      return isStringSchema(value);
    // An absent flag is false, and a count starts at its minimum: saying so adds nothing.
    case 'default':
      return value === false || (typeof value === 'number' && value === source.minimum);
    default:
      return false;
  }
}

/**
 * The properties a model is shown: a deprecated one (a no-op the platform still accepts, §4.4
 * rule 10) is left out so that no model chooses it; one sent anyway is reported as dropped.
 */
function shownProperties(properties: JsonSchema, required: unknown): JsonSchema {
  const shown: JsonSchema = {};
  for (const [name, property] of Object.entries(properties)) {
    const optional = !(Array.isArray(required) && required.includes(name));
    if (optional && (property as JsonSchema | null)?.deprecated === true) continue;
    shown[name] = compactJsonSchema(property);
  }
  return shown;
}

const isAnything = (value: unknown) =>
  value === true || (isPlainObject(value) && Object.keys(value as JsonSchema).length === 0);

const isStringSchema = (value: unknown) =>
  isPlainObject(value) &&
  Object.keys(value as JsonSchema).length === 1 &&
  (value as JsonSchema).type === 'string';

const isPlainObject = (value: unknown) =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value);

const cache = new WeakMap<z.ZodType, { input: JsonSchema; output: JsonSchema }>();

function converted(schema: z.ZodType): { input: JsonSchema; output: JsonSchema } {
  let entry = cache.get(schema);
  if (!entry) {
    entry = {
      input: compactJsonSchema(
        z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input' }),
      ) as JsonSchema,
      output: compactJsonSchema(
        z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output' }),
      ) as JsonSchema,
    };
    cache.set(schema, entry);
  }
  return entry;
}

const wrappers = {
  input: new WeakMap<z.ZodType, StandardSchemaWithJSON>(),
  output: new WeakMap<z.ZodType, StandardSchemaWithJSON>(),
};

/**
 * The schema to register with the SDK: zod validation, after the input guard (unknown keys,
 * out-of-range integers, invalid text: input-guard.ts), and a compact, cached JSON Schema.
 */
export function wireSchema(schema: z.ZodType, role: 'input' | 'output'): StandardSchemaWithJSON {
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
          input: () => converted(schema).input,
          output: () => converted(schema).output,
        },
      },
    } as StandardSchemaWithJSON;
    wrappers[role].set(schema, wrapper);
  }
  return wrapper;
}
