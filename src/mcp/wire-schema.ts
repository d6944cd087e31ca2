// What clients (and models) see of a tool's zod schema. zod's JSON Schema carries noise that
// costs context and says nothing a model needs (compactJsonSchema lists it); every token here is
// paid in every conversation (docs/TOOL-TEXT.md). We hand the SDK a Standard Schema that
// validates with zod and describes itself with the compacted JSON Schema, converted once and
// cached (HTTP builds a server instance per request).
import type { StandardSchemaV1, StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { isIdJsonSchema } from './ids.js';
import { forbiddenKeyIssues, inputGuardIssues, isPlainObject } from './input-guard.js';
import { compileOutputCheck } from './output-check.js';

type JsonSchema = Record<string, unknown>;

const SAFE_MIN = Number.MIN_SAFE_INTEGER;
const SAFE_MAX = Number.MAX_SAFE_INTEGER;

/**
 * Removes noise from a JSON Schema, deeply; returns a new object. What is left accepts and
 * refuses what zod's schema did (it stays true for clients that check arguments), but for three
 * things meant: a named format stands for zod's regex of it, the ±2^53 integer bounds go (the
 * input guard holds the platform's 32-bit range), and an optional deprecated property is not
 * shown (it is still taken). test/mcp/wire-schema.test.ts holds every tool to that.
 */
export function compactJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(compactJsonSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const source = schema as JsonSchema;
  if (isIdJsonSchema(source)) return publishedId(source);
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

/**
 * An id (src/mcp/ids.ts) is shown as the one type every answer gives it, a string: the number
 * form is taken too, and a string of anything but digits is refused naming the field.
 */
function publishedId(source: JsonSchema): JsonSchema {
  const { anyOf: _forms, ...annotations } = source;
  return { type: 'string', ...(compactJsonSchema(annotations) as JsonSchema) };
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
  value === true || (isPlainObject(value) && Object.keys(value).length === 0);

const isStringSchema = (value: unknown) =>
  isPlainObject(value) && Object.keys(value).length === 1 && value.type === 'string';

type Io = 'input' | 'output';

/** The compact JSON Schema of one side of a zod schema. */
export function jsonSchemaOf(schema: z.ZodType, io: Io): JsonSchema {
  return compactJsonSchema(z.toJSONSchema(schema, { target: 'draft-2020-12', io })) as JsonSchema;
}

const cache = { input: new WeakMap<z.ZodType, JsonSchema>(), output: new WeakMap<z.ZodType, JsonSchema>() };

/** The JSON Schema of one side of a zod schema, converted on first use (tools/list asks for one side of each). */
function converted(schema: z.ZodType, io: Io): JsonSchema {
  let json = cache[io].get(schema);
  if (!json) {
    json = jsonSchemaOf(schema, io);
    cache[io].set(schema, json);
  }
  return json;
}

/** A tool's schemas, as the registry defines them. */
export interface SchemasOf {
  name: string;
  inputSchema: z.ZodType;
  outputSchema: z.ZodType;
}

/** What scripts/bundle-cli.mjs computed from the registry: `{ [tool]: { input, output } }` as JSON. */
declare const CREW_MCP_BUILT_WIRE_SCHEMAS: string | undefined;

/** The JSON Schemas of the registry's tools, as the build converted them (see primeWireSchemas). */
export function builtWireSchemas(tools: readonly SchemasOf[]): string {
  return JSON.stringify(
    Object.fromEntries(
      tools.map((tool) => [
        tool.name,
        { input: jsonSchemaOf(tool.inputSchema, 'input'), output: jsonSchemaOf(tool.outputSchema, 'output') },
      ]),
    ),
  );
}

/**
 * Fill the cache for the registry's own tool definitions from the build's conversion: converting
 * the 21 tools' schemas at run time took ~17 ms of every start, before the first tools/list. Only
 * in the bundle (the build defines the value); anything else (a live platform's enum values make
 * new schemas) is converted on first use as before. test/e2e/wire-schemas.test.ts holds the
 * bundle's list to the one converted at run time.
 */
export function primeWireSchemas(tools: readonly SchemasOf[]): void {
  if (typeof CREW_MCP_BUILT_WIRE_SCHEMAS !== 'string') return;
  const built = JSON.parse(CREW_MCP_BUILT_WIRE_SCHEMAS) as Record<
    string,
    { input: JsonSchema; output: JsonSchema }
  >;
  for (const tool of tools) {
    const entry = built[tool.name];
    if (!entry) continue;
    cache.input.set(tool.inputSchema, entry.input);
    cache.output.set(tool.outputSchema, entry.output);
  }
}

/**
 * A result's check against the outputSchema clients get (output-check.ts), read from it on the
 * first result; zod's own parse for a schema beyond plain shapes.
 */
function outputValidate(schema: z.ZodType): StandardSchemaV1['~standard']['validate'] {
  let check: ((value: unknown) => StandardSchemaV1.Result<unknown>) | undefined;
  return (value) => {
    check ??=
      compileOutputCheck(converted(schema, 'output')) ??
      ((given) => schema['~standard'].validate(given) as StandardSchemaV1.Result<unknown>);
    return check(value);
  };
}

const wrappers = {
  input: new WeakMap<z.ZodType, StandardSchemaWithJSON>(),
  output: new WeakMap<z.ZodType, StandardSchemaWithJSON>(),
};

/**
 * The schema to register with the SDK: zod validation, after the input guard (prototype keys at
 * any depth, unknown keys, out-of-range integers, invalid text: input-guard.ts), and a compact,
 * cached JSON Schema. The SDK validates every tools/call's arguments with it before the handler.
 */
export function wireSchema(schema: z.ZodType, role: Io): StandardSchemaWithJSON {
  let wrapper = wrappers[role].get(schema);
  if (!wrapper) {
    const standard = schema['~standard'];
    wrapper = {
      '~standard': {
        version: 1,
        vendor: 'crew-mcp',
        validate:
          role === 'input'
            ? (value: unknown) => {
                // The raw arguments, before zod (whose copies would turn a `__proto__` key into a
                // prototype) and before the guard's walk along the schema.
                const forbidden = forbiddenKeyIssues(value);
                if (forbidden.length > 0) return { issues: forbidden };
                const guarded = inputGuardIssues(schema, value);
                return guarded.length > 0 ? { issues: guarded } : standard.validate(value);
              }
            : outputValidate(schema),
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
