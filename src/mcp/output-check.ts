// The check of a tool's structuredContent before it is sent: against the JSON Schema clients are
// given (the outputSchema of tools/list), which official clients validate every result with. A
// zod parse did this before, copying the whole result to throw the copy away (the SDK keeps only
// the verdict): some 15% of the server's work per list_jobs call. Output schemas are plain data
// shapes (types, properties, required keys, closed objects, arrays), so they are read here into
// a tree of small checks, once per schema, that walk the value without copying it. A schema
// with any other keyword is not read here (compileOutputCheck returns null) and keeps the zod
// parse. Stricter than that parse where clients are: an unknown key fails, as it does in ajv.
import type { StandardSchemaV1 } from '@modelcontextprotocol/server';

type JsonSchema = Record<string, unknown>;
type Issue = StandardSchemaV1.Issue;
/** Pushes what is wrong with `value` at `path`; returns nothing. */
type Check = (value: unknown, path: PropertyKey[], issues: Issue[]) => void;

/** Keywords that say nothing about which values are valid. */
const ANNOTATIONS = new Set(['description', 'title', '$schema', 'examples', 'deprecated']);
const KNOWN = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
  'items',
  'prefixItems',
  'minItems',
  'maxItems',
  ...ANNOTATIONS,
]);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const typeChecks: Record<string, (value: unknown) => boolean> = {
  string: (value) => typeof value === 'string',
  // JSON has no NaN or Infinity: they would reach the client as null.
  number: (value) => typeof value === 'number' && Number.isFinite(value),
  integer: (value) => Number.isInteger(value),
  boolean: (value) => typeof value === 'boolean',
  object: isObject,
  array: Array.isArray,
  null: (value) => value === null,
};

function issue(issues: Issue[], path: PropertyKey[], message: string): void {
  issues.push({ message, path: [...path] });
}

/** One schema node, read into a check; null when it holds a keyword this reader does not know. */
function compile(schema: unknown): Check | null {
  if (schema === true || (isObject(schema) && Object.keys(schema).length === 0)) return () => undefined;
  if (!isObject(schema)) return null;
  for (const key of Object.keys(schema)) if (!KNOWN.has(key)) return null;
  const parts: Check[] = [];
  if (schema.type !== undefined) {
    const names = Array.isArray(schema.type) ? schema.type : [schema.type];
    const tests = names.map((name) => typeChecks[name as string]);
    if (tests.some((test) => !test)) return null;
    const expected = names.join(' or ');
    parts.push((value, path, issues) => {
      if (!tests.some((test) => test!(value))) issue(issues, path, `expected ${expected}`);
    });
  }
  if (schema.properties !== undefined || schema.required !== undefined || 'additionalProperties' in schema) {
    const objectCheck = compileObject(schema);
    if (!objectCheck) return null;
    parts.push(objectCheck);
  }
  // JSON object keys are strings: a string-typed propertyNames (zod's record) says nothing more.
  if (schema.propertyNames !== undefined) {
    const names = schema.propertyNames;
    if (!isObject(names) || names.type !== 'string' || Object.keys(names).length !== 1) return null;
  }
  const arrayCheck = compileArrayBounds(schema);
  if (arrayCheck === null) return null;
  if (arrayCheck) parts.push(arrayCheck);
  if (schema.items !== undefined && schema.items !== false) {
    const item = compile(schema.items);
    if (!item) return null;
    const from = Array.isArray(schema.prefixItems) ? schema.prefixItems.length : 0;
    parts.push((value, path, issues) => {
      if (!Array.isArray(value)) return;
      for (let index = from; index < value.length; index++) {
        path.push(index);
        item(value[index], path, issues);
        path.pop();
      }
    });
  }
  if (parts.length === 1) return parts[0]!;
  return (value, path, issues) => {
    for (const part of parts) part(value, path, issues);
  };
}

/**
 * A tuple's items (prefixItems, zod's z.tuple), `items: false` after them, and the length bounds;
 * undefined when the schema has none of these, null when one is not of a form read here.
 */
function compileArrayBounds(schema: JsonSchema): Check | null | undefined {
  const prefix = schema.prefixItems;
  const { minItems, maxItems } = schema;
  if (prefix === undefined && minItems === undefined && maxItems === undefined && schema.items !== false)
    return undefined;
  if (prefix !== undefined && !Array.isArray(prefix)) return null;
  const heads = (prefix ?? []).map((item: unknown) => compile(item));
  if (heads.some((head: Check | null) => head === null)) return null;
  const isCount = (bound: unknown) =>
    bound === undefined || (Number.isInteger(bound) && (bound as number) >= 0);
  if (!isCount(minItems) || !isCount(maxItems)) return null;
  const most = schema.items === false ? heads.length : (maxItems as number | undefined);
  return (value, path, issues) => {
    if (!Array.isArray(value)) return;
    if (minItems !== undefined && value.length < (minItems as number))
      issue(issues, path, `at least ${minItems} items`);
    if (most !== undefined && value.length > most) issue(issues, path, `at most ${most} items`);
    for (let index = 0; index < Math.min(heads.length, value.length); index++) {
      path.push(index);
      (heads[index] as Check)(value[index], path, issues);
      path.pop();
    }
  };
}

function compileObject(schema: JsonSchema): Check | null {
  const properties = new Map<string, Check>();
  for (const [name, property] of Object.entries((schema.properties as JsonSchema | undefined) ?? {})) {
    const check = compile(property);
    if (!check) return null;
    properties.set(name, check);
  }
  const required = (schema.required as string[] | undefined) ?? [];
  const extra = schema.additionalProperties;
  const extraCheck = extra === undefined || extra === false ? undefined : compile(extra);
  if (extraCheck === null) return null;
  const closed = extra === false;
  return (value, path, issues) => {
    if (!isObject(value)) return;
    for (const name of required) {
      if (value[name] === undefined) issue(issues, [...path, name], 'required');
    }
    for (const name in value) {
      if (!Object.hasOwn(value, name)) continue;
      const item = value[name];
      // An undefined value is not sent (JSON has none): it is an absent key.
      if (item === undefined) continue;
      const check = properties.get(name) ?? extraCheck;
      path.push(name);
      if (check) check(item, path, issues);
      else if (closed) issue(issues, path, 'unknown key (the outputSchema does not allow it)');
      path.pop();
    }
  };
}

/**
 * A Standard Schema validate function for values of `schema` (a JSON Schema), or null when the
 * schema uses a keyword beyond plain shapes. The value is returned as it is, never copied.
 */
export function compileOutputCheck(
  schema: JsonSchema,
): ((value: unknown) => StandardSchemaV1.Result<unknown>) | null {
  const check = compile(schema);
  if (!check) return null;
  return (value) => {
    const issues: Issue[] = [];
    check(value, [], issues);
    return issues.length > 0 ? { issues } : { value };
  };
}
