// What clients (and models) see of a tool's zod schema. zod's JSON Schema carries noise that
// costs context and says nothing a model needs: `$schema`, the ±2^53 bounds of every integer,
// and the full regex behind `format: date-time`. We hand the SDK a Standard Schema that
// validates with zod and describes itself with the compacted JSON Schema, converted once and
// cached (HTTP builds a server instance per request).
import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import { z } from 'zod';

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

interface ZodDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
}

function defOf(schema: z.ZodType): ZodDef {
  return (schema as unknown as { _zod: { def: ZodDef } })._zod.def;
}

function closest(key: string, known: string[]): string | undefined {
  const lower = key.toLowerCase();
  return (
    known.find((name) => name.toLowerCase() === lower) ??
    known.find((name) => name.toLowerCase().startsWith(lower.slice(0, 4)))
  );
}

/**
 * zod objects drop keys they do not know, silently. For a model that misspells a field
 * ("startTIme") that would mean a write that quietly does less than asked, so unknown keys are
 * errors here, with the nearest known name.
 */
export function unknownKeyIssues(
  schema: z.ZodType,
  value: unknown,
  path: PropertyKey[] = [],
): { message: string; path: PropertyKey[] }[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return def.innerType ? unknownKeyIssues(def.innerType, value, path) : [];
    case 'pipe':
      return def.in ? unknownKeyIssues(def.in, value, path) : [];
    case 'array':
      return Array.isArray(value) && def.element
        ? value.flatMap((item, index) => unknownKeyIssues(def.element as z.ZodType, item, [...path, index]))
        : [];
    case 'object': {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
      const shape = def.shape ?? {};
      const known = Object.keys(shape);
      const issues: { message: string; path: PropertyKey[] }[] = [];
      for (const [key, item] of Object.entries(value)) {
        const field = shape[key];
        if (field) issues.push(...unknownKeyIssues(field, item, [...path, key]));
        else if (!def.catchall || defOf(def.catchall).type === 'never') {
          const guess = closest(key, known);
          issues.push({
            path: [...path, key],
            message: `Unknown field "${key}"${guess ? `; did you mean "${guess}"?` : ''} Known fields: ${known.join(', ')}.`,
          });
        }
      }
      return issues;
    }
    default:
      return [];
  }
}

const wrappers = {
  input: new WeakMap<z.ZodType, StandardSchemaWithJSON>(),
  output: new WeakMap<z.ZodType, StandardSchemaWithJSON>(),
};

/**
 * The schema to register with the SDK: zod validation (inputs also refuse unknown keys) and a
 * compact, cached JSON Schema.
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
          const unknown = role === 'input' ? unknownKeyIssues(schema, value) : [];
          return unknown.length > 0 ? { issues: unknown } : standard.validate(value);
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
