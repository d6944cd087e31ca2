// fast-check generators of tool arguments, derived from each tool's input JSON Schema as a client
// sees it (tools/list): values shaped like valid input (with realistic ids, dates, zones, so that
// handlers run past the schema), the same with one mutation (an unknown or prototype-named key, a
// wrong type, an integer past 32 bits, a lone surrogate, a control character, a huge string, a
// missing field), and arbitrary JSON. URLs are loopback only: a generated webhook must never make
// the sandbox deliver off this machine.
import fc from 'fast-check';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  format?: string;
  minimum?: number;
  maximum?: number;
  additionalProperties?: unknown;
  anyOf?: JsonSchema[];
};

const LOOPBACK_URLS = ['http://127.0.0.1:9/hook', 'http://localhost:9/crew', 'https://127.0.0.1:9/events'];

/** Strings that mean something to some tool, and strings that break naive code. */
const MEANINGFUL = [
  '1',
  '100',
  '188',
  '2026-11-21',
  '2027-01-15',
  '2027-01-15T18:00',
  '2027-01-15T23:00',
  '2026-03-29T01:30',
  '2026-11-25T18:00Z',
  'Europe/London',
  'America/New_York',
  'Mars/Olympus',
  'ada@example.com',
  'eA==',
  'cv.pdf',
  'job.created',
  'crew',
  'BOOKED',
  'HOURLY',
  'ANY',
];
const NASTY = [
  '',
  ' ',
  'a\u0000b',
  'line\r\nbreak',
  '\uD800',
  'x\uDC00y',
  '😀',
  '../../etc/passwd',
  '/proc/self/environ',
  '{{7*7}}',
  '"; DROP TABLE jobs; --',
  'x'.repeat(5000),
];

const text = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...MEANINGFUL) },
  { weight: 2, arbitrary: fc.string({ maxLength: 24 }) },
  { weight: 1, arbitrary: fc.constantFrom(...NASTY) },
);

const integer = (schema: JsonSchema) =>
  fc.oneof(
    {
      weight: 5,
      arbitrary: fc.integer({ min: schema.minimum ?? -5, max: Math.min(schema.maximum ?? 600, 100_000) }),
    },
    { weight: 1, arbitrary: fc.constantFrom(0, -1, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 1.5) },
  );

/** Values shaped like valid input for `schema` (whether they are valid is for the server to say). */
export function shaped(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => shaped(option, depth)));
  const type = Array.isArray(schema.type) ? schema.type : [schema.type ?? 'object'];
  return fc.oneof(...type.map((one) => shapedOfType(one, schema, depth)));
}

function shapedOfType(type: string, schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return schema.format === 'uri' ? fc.oneof(fc.constantFrom(...LOOPBACK_URLS), text) : text;
    case 'integer':
      return integer(schema);
    case 'number':
      return fc.oneof(
        integer(schema),
        fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true }),
      );
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const min = schema.minItems ?? 0;
      return fc.array(schema.items ? shaped(schema.items, depth + 1) : fc.jsonValue({ maxDepth: 2 }), {
        minLength: min,
        maxLength: Math.max(min, Math.min(schema.maxItems ?? 3, 3)),
      });
    }
    case 'null':
      return fc.constant(null);
    default:
      return shapedObject(schema, depth);
  }
}

function shapedObject(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const fields = Object.fromEntries(
    Object.entries(properties).map(([key, value]) => [key, shaped(value, depth + 1)]),
  );
  const record = fc.record(fields, { requiredKeys: schema.required ?? [] });
  // A loose object takes any keys: one that lists no properties (requirements and GraphQL variables,
  // compacted to `type: object`), or one that allows more.
  const loose = schema.properties === undefined || (schema.additionalProperties ?? false) !== false;
  if (!loose) return record;
  // A few extra keys of any JSON.
  return fc
    .tuple(
      record,
      fc.dictionary(
        fc.constantFrom('roleType', 'dataType', 'labels', 'bogus', 'tags'),
        fc.jsonValue({ maxDepth: 2 }),
        { maxKeys: 2 },
      ),
    )
    .map(([known, extra]) => ({ ...extra, ...known }));
}

const PROTOTYPE_KEYS = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf', 'prototype'];

const badValue = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53 + 2,
    1e308,
    -0.5,
    '\uD83D',
    'a\u0007b',
    'x'.repeat(100_000),
  ),
);

/** Every object (and array) inside a value, with the value itself first. */
function containers(value: unknown): (Record<string, unknown> | unknown[])[] {
  if (value === null || typeof value !== 'object') return [];
  const inside = Object.values(value as Record<string, unknown>).flatMap(containers);
  return [value as Record<string, unknown>, ...inside];
}

/** `value` (a JSON-safe copy) with one thing changed at a random place. */
export function mutated(value: unknown): fc.Arbitrary<unknown> {
  return fc
    .tuple(
      fc.nat(),
      fc.constantFrom('unknown key', 'prototype key', 'wrong value', 'drop key'),
      fc.oneof(
        fc.constantFrom(...PROTOTYPE_KEYS, 'bogus', 'startTIme', '\uDC00'),
        fc.string({ maxLength: 8 }),
      ),
      badValue,
    )
    .map(([pick, kind, key, bad]) => {
      const copy = JSON.parse(JSON.stringify(value ?? {})) as unknown;
      const places = containers(copy);
      const place = places[pick % Math.max(1, places.length)];
      if (!place) return bad;
      if (Array.isArray(place)) {
        if (place.length > 0) place[pick % place.length] = bad;
        else place.push(bad);
        return copy;
      }
      const keys = Object.keys(place);
      if (kind === 'drop key' && keys.length > 0) delete place[keys[pick % keys.length] as string];
      else if (kind === 'wrong value' && keys.length > 0) place[keys[pick % keys.length] as string] = bad;
      else {
        const name =
          kind === 'prototype key' ? (PROTOTYPE_KEYS[pick % PROTOTYPE_KEYS.length] as string) : key;
        // An own property even for "__proto__", as JSON.parse makes it.
        Object.defineProperty(place, name, {
          value: bad,
          enumerable: true,
          configurable: true,
          writable: true,
        });
      }
      return copy;
    });
}

/**
 * Argument objects for a tool with this input schema: shaped, shaped-then-mutated, or arbitrary
 * JSON objects. (Arguments that are not an object at all a client refuses to send.)
 */
export function toolArguments(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const valid = shaped(schema);
  const objects = fc.oneof(
    { weight: 3, arbitrary: valid },
    { weight: 5, arbitrary: valid.chain(mutated) },
    {
      weight: 1,
      arbitrary: fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
    },
  );
  return objects.filter(
    (value): value is Record<string, unknown> =>
      typeof value === 'object' && value !== null && !Array.isArray(value),
  );
}
