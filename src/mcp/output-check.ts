// The check of a tool's structuredContent before it is sent: against the JSON Schema clients are
// given (the outputSchema of tools/list), which official clients validate every result with. A
// zod parse did this before, copying the whole result to throw the copy away (the SDK keeps only
// the verdict): some 15% of the server's work per list_jobs call. Output schemas are plain data
// shapes (types, properties, required keys, closed objects, arrays), so they are read here into
// a tree of small checks, once per schema, that walk the value without copying it. A schema
// with any other keyword is not read here (compileOutputCheck returns null) and keeps the zod
// parse. Stricter than that parse where clients are: an unknown key fails, as it does in ajv.
// Read as draft-07 and 2020-12 validators both read it: a keyword the two drafts read differently
// (DIVERGENT) is refused loudly, never checked the 2020-12 way only: the v1 SDK client validates
// with a draft-07 Ajv, and a result that passed here was refused there (issue 29: tuples).
import type { StandardSchemaV1 } from '@modelcontextprotocol/server';

type JsonSchema = Record<string, unknown>;
type Issue = StandardSchemaV1.Issue;
/** Pushes what is wrong with `value` at `path`; returns nothing. */
type Check = (value: unknown, path: PropertyKey[], issues: Issue[]) => void;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keywords that say nothing about which values are valid. */
const ANNOTATIONS = new Set(['description', 'title', 'examples', 'deprecated']);
const KNOWN = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
  'items',
  'minItems',
  'maxItems',
  ...ANNOTATIONS,
]);

const LATER_DRAFTS = 'a 2019-09 or 2020-12 keyword that draft-07 validators ignore';

/**
 * The keywords that draft-07 validators (the v1 SDK client's default Ajv) and 2020-12 ones (Ajv2020,
 * @cfworker/json-schema's default) read differently, and why. `items` is one only when it is an
 * array or a boolean (see divergentKeywords).
 */
export const DIVERGENT: Readonly<Record<string, string>> = {
  prefixItems: `${LATER_DRAFTS}: beside \`items: false\` (zod's z.tuple) draft-07 allows no item at all`,
  additionalItems: 'draft-07 only (the items after an array `items`): 2020-12 ignores it',
  unevaluatedItems: LATER_DRAFTS,
  unevaluatedProperties: LATER_DRAFTS,
  dependentRequired: LATER_DRAFTS,
  dependentSchemas: LATER_DRAFTS,
  dependencies: 'draft-07 only: 2020-12 ignores it (dependentRequired, dependentSchemas)',
  minContains: LATER_DRAFTS,
  maxContains: LATER_DRAFTS,
  contentSchema: LATER_DRAFTS,
  $dynamicRef: `${LATER_DRAFTS}: the reference resolves elsewhere, or not at all`,
  $dynamicAnchor: LATER_DRAFTS,
  $recursiveRef: '2019-09 only: draft-07 and 2020-12 ignore it',
  $recursiveAnchor: '2019-09 only: draft-07 and 2020-12 ignore it',
  $anchor: `${LATER_DRAFTS} (draft-07 names an anchor with a "#name" $id)`,
  $id: 'an "#name" $id is an anchor in draft-07 and invalid in 2020-12; a base URI changes what $ref means',
  $ref: 'draft-07 ignores every keyword beside a $ref; 2020-12 applies them',
  $defs: 'the home of $ref targets in 2020-12 ($ref is refused: a schema here is one tree)',
  $schema:
    'names one draft: a draft-07 Ajv refuses to compile a schema naming 2020-12 (it has no such meta-schema); compactJsonSchema drops it',
  definitions: 'the home of $ref targets in draft-07 ($ref is refused: a schema here is one tree)',
};

/** Keywords whose value is a schema, or a map or a list of schemas: where schemaNodes looks further. */
const SUBSCHEMA = new Set(['additionalProperties', 'propertyNames', 'not', 'contains', 'if', 'then', 'else']);
const SUBSCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions']);
const SUBSCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);

/** The schemas a keyword's value holds, each with its JSON Pointer. */
function subschemas(keyword: string, value: unknown, at: string): [unknown, string][] {
  if (SUBSCHEMA.has(keyword) || (keyword === 'items' && !Array.isArray(value))) return [[value, at]];
  if (SUBSCHEMA_MAPS.has(keyword) && isObject(value))
    return Object.entries(value).map(([name, item]) => [item, `${at}/${name}`]);
  if ((SUBSCHEMA_LISTS.has(keyword) || keyword === 'items') && Array.isArray(value))
    return value.map((item, index) => [item, `${at}/${index}`]);
  return [];
}

/** Every schema object in a JSON Schema (itself first), each with its JSON Pointer from the root (#). */
export function schemaNodes(schema: unknown, path = '#'): { path: string; node: JsonSchema }[] {
  if (!isObject(schema)) return [];
  return [
    { path, node: schema },
    ...Object.entries(schema).flatMap(([keyword, value]) =>
      subschemas(keyword, value, `${path}/${keyword}`).flatMap(([item, at]) => schemaNodes(item, at)),
    ),
  ];
}

const ITEMS_NOT_A_SCHEMA =
  'an array `items` is a tuple in draft-07 and invalid in 2020-12; a boolean one is read beside prefixItems in 2020-12 only';

/** Why a schema's keyword is read differently by draft-07 and 2020-12 validators, or undefined. */
export function divergenceOf(keyword: string, value: unknown): string | undefined {
  if (keyword === 'items') return isObject(value) ? undefined : ITEMS_NOT_A_SCHEMA;
  return Object.hasOwn(DIVERGENT, keyword) ? DIVERGENT[keyword] : undefined;
}

/** Every place in a JSON Schema where a keyword of DIVERGENT (or an array or boolean `items`) stands. */
export function divergentKeywords(schema: unknown): { path: string; keyword: string; why: string }[] {
  return schemaNodes(schema).flatMap(({ path, node }) =>
    Object.entries(node).flatMap(([keyword, value]) => {
      const why = divergenceOf(keyword, value);
      return why ? [{ path, keyword, why }] : [];
    }),
  );
}

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
    // A loop, not tests.some(callback): a callback that reads `value` is a closure allocated for
    // every value checked, which was most of the garbage this check made per result.
    parts.push((value, path, issues) => {
      for (const test of tests) if (test!(value)) return;
      issue(issues, path, `expected ${expected}`);
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
  if (schema.items !== undefined) {
    const item = compile(schema.items);
    if (!item) return null;
    parts.push((value, path, issues) => {
      if (!Array.isArray(value)) return;
      for (let index = 0; index < value.length; index++) {
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

/** The length bounds of an array; undefined when there are none, null when one is not a count. */
function compileArrayBounds(schema: JsonSchema): Check | null | undefined {
  const { minItems, maxItems } = schema;
  if (minItems === undefined && maxItems === undefined) return undefined;
  const isCount = (bound: unknown) =>
    bound === undefined || (Number.isInteger(bound) && (bound as number) >= 0);
  if (!isCount(minItems) || !isCount(maxItems)) return null;
  return (value, path, issues) => {
    if (!Array.isArray(value)) return;
    if (minItems !== undefined && value.length < (minItems as number))
      issue(issues, path, `at least ${minItems} items`);
    if (maxItems !== undefined && value.length > (maxItems as number))
      issue(issues, path, `at most ${maxItems} items`);
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
 * schema uses a keyword beyond plain shapes. The value is returned as it is, never copied. Throws
 * when the schema holds a keyword that draft-07 and 2020-12 read differently: no reading of it
 * here (nor zod's, a 2020-12 one) would be the one every client makes.
 */
export function compileOutputCheck(
  schema: JsonSchema,
): ((value: unknown) => StandardSchemaV1.Result<unknown>) | null {
  const divergent = divergentKeywords(schema);
  if (divergent.length > 0)
    throw new Error(
      `outputSchema not read alike by draft-07 and 2020-12 clients: ${divergent
        .map((place) => `${place.path}/${place.keyword} (${place.why})`)
        .join('; ')}. Use an object, or an array with minItems/maxItems, for a pair.`,
    );
  const check = compile(schema);
  if (!check) return null;
  return (value) => {
    const issues: Issue[] = [];
    check(value, [], issues);
    return issues.length > 0 ? { issues } : { value };
  };
}
