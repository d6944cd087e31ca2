// The server checks every structuredContent against the JSON Schema clients get, without copying
// it (src/mcp/output-check.ts). Its verdict must be the one every validating client reaches: a
// draft-07 Ajv (the v1 SDK client's default) and a 2020-12 one (Ajv2020), on real results and on
// results broken at every depth; a schema the two drafts read differently is refused loudly.
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileOutputCheck, DIVERGENT } from '../../src/mcp/output-check.js';
import { jsonSchemaOf, wireSchema } from '../../src/mcp/wire-schema.js';
import { allTools } from '../../tools/index.js';
import { useConnectedSandbox } from '../helpers/connected-sandbox.js';

type Json = Record<string, unknown>;

// As the v1 SDK client makes its own (validation/ajv-provider.js), less the formats: output schemas have none.
const draft07 = new Ajv({ strict: false, validateFormats: false, allErrors: true });
const draft2020 = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
/** One verdict from both drafts' readings, or a failed expectation when they disagree. */
function ajvCompile(schema: Json): (value: unknown) => boolean {
  const [older, newer] = [draft07.compile(schema), draft2020.compile(schema)];
  return (value) => {
    const verdict = older(value);
    expect(newer(value), `draft-07 and 2020-12 disagree on ${JSON.stringify(value)}`).toBe(verdict);
    return verdict;
  };
}
const schemaOf = (tool: string) => {
  const found = allTools.find((candidate) => candidate.name === tool);
  if (!found) throw new Error(`no tool ${tool}`);
  return jsonSchemaOf(found.outputSchema, 'output');
};

/** Every place in a value: objects' keys and arrays' indexes, depth first. */
function places(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value))
    return value.flatMap((item, index) => [[...path, index], ...places(item, [...path, index])]);
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => [[...path, key], ...places(item, [...path, key])]);
  return [];
}

function edited(
  value: unknown,
  path: (string | number)[],
  edit: (parent: Json, key: string | number) => void,
) {
  const copy = structuredClone(value) as Json;
  let parent: Json = copy;
  for (const key of path.slice(0, -1)) parent = parent[key as string] as Json;
  edit(parent, path.at(-1)!);
  return copy;
}

describe('output check', () => {
  const { call } = useConnectedSandbox();

  it('reads pairs, nullable values and records (review_crew_schedule) as both drafts do', () => {
    const schema = {
      type: 'object',
      properties: {
        pair: {
          type: 'object',
          properties: { earlierRoleId: { type: 'string' }, laterRoleId: { type: 'string' } },
          required: ['earlierRoleId', 'laterRoleId'],
          additionalProperties: false,
        },
        bounded: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 2 },
        last: { type: ['string', 'null'] },
        roles: {
          type: 'object',
          propertyNames: { type: 'string' },
          additionalProperties: { type: 'string' },
        },
      },
      required: ['pair', 'last'],
      additionalProperties: false,
    };
    const check = compileOutputCheck(schema);
    expect(check).not.toBeNull();
    const valid = ajvCompile(schema);
    const pair = { earlierRoleId: '1', laterRoleId: '2' };
    const cases: unknown[] = [
      { pair, last: null },
      { pair, last: '2026-11-20', roles: { '1': 'Bar' }, bounded: ['1', '2'] },
      { pair: { earlierRoleId: '1' }, last: null },
      { pair: { ...pair, third: '3' }, last: null },
      { pair: { earlierRoleId: '1', laterRoleId: 2 }, last: null },
      { pair: ['1', '2'], last: null },
      { pair, last: null, bounded: ['1'] },
      { pair, last: null, bounded: ['1', '2', '3'] },
      { pair, last: null, bounded: ['1', 2] },
      { pair, last: 3 },
      { pair, last: null, roles: { '1': 5 } },
    ];
    let refused = 0;
    for (const value of cases) {
      const verdict = valid(value);
      if (!verdict) refused++;
      expect('issues' in (check as NonNullable<typeof check>)(value), JSON.stringify(value)).toBe(!verdict);
    }
    expect(refused).toBe(cases.length - 2);
  });

  it('refuses loudly a schema that draft-07 and 2020-12 read differently (a z.tuple), naming where and why', () => {
    // zod's z.tuple([z.string(), z.string()]), as it was published for review_crew_schedule's pairs.
    const roleIds = { type: 'array', prefixItems: [{ type: 'string' }, { type: 'string' }], items: false };
    const tuple = { type: 'object', properties: { roleIds: { ...roleIds, minItems: 2, maxItems: 2 } } };
    // What issue 29 saw: 2020-12 accepts the pair, the v1 client's draft-07 Ajv allows no item.
    const value = { roleIds: ['771', '772'] };
    expect(draft2020.compile(tuple)(value)).toBe(true);
    expect(draft07.compile(tuple)(value)).toBe(false);
    expect(() => compileOutputCheck(tuple)).toThrow(
      /#\/properties\/roleIds\/prefixItems .*#\/properties\/roleIds\/items/,
    );
    const divergent: Json[] = [
      { type: 'array', items: [{ type: 'string' }] },
      { type: 'array', items: true },
      { type: 'object', properties: { a: { type: 'array', items: { unevaluatedProperties: false } } } },
      { type: 'object', additionalProperties: { dependentRequired: { a: ['b'] } } },
      ...Object.keys(DIVERGENT).map((keyword) => ({ type: 'object', [keyword]: {} })),
    ];
    for (const schema of divergent)
      expect(() => compileOutputCheck(schema), JSON.stringify(schema)).toThrow();
  });

  it("reads every registry tool's outputSchema (none falls back to a copying zod parse)", () => {
    const unread = allTools.filter(
      (tool) => compileOutputCheck(jsonSchemaOf(tool.outputSchema, 'output')) === null,
    );
    expect(unread.map((tool) => tool.name)).toEqual([]);
  });

  it('a keyword beyond plain shapes is not read here (the zod parse stays)', () => {
    expect(compileOutputCheck({ type: 'string', pattern: '^a' })).toBeNull();
    expect(compileOutputCheck({ type: 'object', properties: { a: { enum: ['x'] } } })).toBeNull();
    expect(compileOutputCheck({ anyOf: [{ type: 'string' }] })).toBeNull();
  });

  const cases: [string, Json][] = [
    ['list_jobs', { perPage: 10, timezone: 'UTC' }],
    ['get_crew', { crewId: 1 }],
    ['list_crew', { perPage: 5 }],
    ['list_crew_jobs', { perPage: 5 }],
  ];

  it.each(cases)(
    '%s: the same verdict as ajv on the real result and on it broken at every place',
    async (tool, args) => {
      const { data, isError } = await call(tool, args);
      expect(isError).toBe(false);
      const schema = schemaOf(tool);
      const check = compileOutputCheck(schema)!;
      const client = ajvCompile(schema);
      expect(check(data)).toEqual({ value: data });
      expect(client(data)).toBe(true);
      const all = places(data);
      expect(all.length).toBeGreaterThan(5);
      let refused = 0;
      for (const path of all) {
        const broken = [
          edited(data, path, (parent, key) => {
            if (Array.isArray(parent)) parent.splice(key as number, 1);
            else delete parent[key];
          }),
          edited(data, path, (parent, key) => {
            parent[key as string] = { unexpected: true };
          }),
          edited(data, path, (parent, key) => {
            parent[key as string] = typeof parent[key as string] === 'string' ? 7 : 'seven';
          }),
          edited(data, path.slice(0, -1).length ? path.slice(0, -1) : path, (parent, key) => {
            const target = (path.length > 1 ? parent[key as string] : parent) as Json;
            if (target && typeof target === 'object' && !Array.isArray(target)) target.notInTheSchema = 1;
          }),
        ];
        for (const value of broken) {
          const ours = check(value);
          const theirs = client(value);
          expect({ path, valid: !('issues' in ours && ours.issues) }).toEqual({ path, valid: theirs });
          if (!theirs) refused++;
        }
      }
      expect(refused).toBeGreaterThan(all.length);
    },
  );

  it('says where and what: the path and the fault of each wrong value', () => {
    const check = compileOutputCheck(schemaOf('list_jobs'))!;
    const result = check({ jobs: [{ id: 1 }], page: {} });
    const issues = 'issues' in result ? result.issues : [];
    expect(issues).toContainEqual({ path: ['jobs', 0, 'id'], message: 'expected string' });
    expect(issues).toContainEqual({ path: ['jobs', 0, 'title'], message: 'required' });
  });

  it('no NaN or Infinity (JSON would send null), and an undefined value is an absent key', () => {
    const check = compileOutputCheck({
      type: 'object',
      properties: { n: { type: 'number' }, s: { type: 'string' } },
      required: ['n'],
      additionalProperties: false,
    })!;
    expect(check({ n: Number.NaN })).toHaveProperty('issues');
    expect(check({ n: Number.POSITIVE_INFINITY })).toHaveProperty('issues');
    expect(check({ n: 1, s: undefined })).toEqual({ value: { n: 1, s: undefined } });
    expect(check({ n: undefined })).toHaveProperty('issues');
  });

  it('the SDK is handed this check for outputs: a result with a key the schema lacks is refused', async () => {
    const tool = allTools.find((candidate) => candidate.name === 'get_crew')!;
    const validate = wireSchema(tool.outputSchema, 'output')['~standard'].validate;
    const { data } = await call('get_crew', { crewId: 1 });
    expect(await validate(data)).toEqual({ value: data });
    const extra = { ...data, crew: { ...data.crew, secret: 'x' } };
    expect(await validate(extra)).toHaveProperty('issues');
  });

  it('and for a zod schema outside the subset (a z.tuple) the check the SDK is handed fails loudly, never falls back to zod', () => {
    const validate = wireSchema(z.object({ pair: z.tuple([z.string(), z.string()]) }), 'output')['~standard']
      .validate;
    expect(() => validate({ pair: ['771', '772'] })).toThrow(/#\/properties\/pair\/prefixItems/);
  });
});
