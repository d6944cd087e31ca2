// `__proto__`, `constructor` and `prototype` as own keys (as JSON.parse makes them) at every depth
// of every tool's input, graphql_query's variables included: each call is refused with the key's
// path before validation, and nothing reaches the platform (issue 19, item 1). The places are
// every object of a value shaped like the tool's input schema as a client sees it (tools/list),
// plus a chain nested six deep inside each loose object (role requirements, GraphQL variables).
import { describe, expect, it } from 'vitest';
import { FORBIDDEN_KEYS, forbiddenKeyIssues, PROTO_KEY } from '../../src/mcp/input-guard.js';
import { allTools } from '../../tools/index.js';
import { useConnectedSandbox } from '../helpers/connected-sandbox.js';
import { requestsDuring } from '../helpers/sandbox.js';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  additionalProperties?: unknown;
};

const suite = useConnectedSandbox();
const LOOSE_DEPTH = 6;

/** A value with every property of `schema` present, one item per array, and loose objects nested deep. */
function fullValue(schema: JsonSchema): unknown {
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) {
    const deepest =
      schema.anyOf.find((option) => option.type === 'object' || option.properties) ??
      schema.anyOf.find((option) => option.type === 'array') ??
      schema.anyOf[0];
    return fullValue(deepest as JsonSchema);
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : (schema.type ?? 'object');
  switch (type) {
    case 'string':
      return 'x';
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array':
      return [fullValue(schema.items ?? { type: 'object' })];
    default: {
      const value: Record<string, unknown> = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, property]) => [key, fullValue(property)]),
      );
      if (schema.properties === undefined || (schema.additionalProperties ?? false) !== false) {
        let chain: Record<string, unknown> = value;
        for (let depth = 0; depth < LOOSE_DEPTH; depth++) {
          const next: Record<string, unknown> = {};
          chain[`level${depth}`] = next;
          chain = next;
        }
      }
      return value;
    }
  }
}

/** The path of every plain object inside `value`, the value itself first. */
function objectPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => objectPaths(item, [...path, index]));
  if (value === null || typeof value !== 'object') return [];
  return [path, ...Object.entries(value).flatMap(([key, item]) => objectPaths(item, [...path, key]))];
}

/** A JSON copy of `value` with `key` as an own property (as JSON.parse makes it) of the object at `path`. */
function withKeyAt(value: unknown, path: (string | number)[], key: string): Record<string, unknown> {
  const copy = JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
  let place: Record<string | number, unknown> = copy;
  for (const part of path) place = place[part] as Record<string | number, unknown>;
  Object.defineProperty(place, key, {
    value: { labels: ['x'], admin: true },
    enumerable: true,
    configurable: true,
    writable: true,
  });
  return copy;
}

describe('prototype keys at any depth of any tool input', () => {
  it.each(allTools.map((tool) => tool.name))(
    '%s: refused with the path, nothing sent',
    async (name) => {
      const { tools } = await suite.client.listTools();
      const schema = tools.find((tool) => tool.name === name)?.inputSchema as JsonSchema;
      const sample = fullValue(schema);
      const places = objectPaths(sample);
      expect(places.length).toBeGreaterThan(0);
      let calls = 0;
      for (const path of places) {
        for (const key of FORBIDDEN_KEYS) {
          const args = withKeyAt(sample, path, key);
          const { result, sent } = await requestsDuring(suite.sandbox, () => suite.call(name, args));
          const where = [...path, key].join('.');
          expect(result.isError, `${name} ${where}`).toBe(true);
          expect(result.text, `${name} ${where}`).toContain(`${where}: Unknown field "${key}"`);
          expect(sent, `${name} ${where} reached the platform`).toEqual([]);
          calls++;
        }
      }
      // The deepest place of a loose object is as deep as the chain.
      expect(Math.max(...places.map((path) => path.length))).toBeGreaterThanOrEqual(
        name === 'graphql_query' ? LOOSE_DEPTH + 1 : 0,
      );
      expect(calls).toBe(places.length * FORBIDDEN_KEYS.length);
    },
    60_000,
  );

  it('reaches create_jobs role requirements and graphql_query variables (the places the outside check used)', async () => {
    const requirements = JSON.parse('{"__proto__": {"labels": ["x"]}}');
    const role = { title: 'Bar', startTime: '2027-01-15T18:00', endTime: '2027-01-15T23:00', requirements };
    const job = { boardId: '100', title: 'Gala', date: '2027-01-15', timezone: 'Europe/London' };
    const created = await requestsDuring(suite.sandbox, () =>
      suite.call('create_jobs', { jobs: [{ ...job, roles: [role] }] }),
    );
    expect(created.result.text).toMatch(
      /jobs\.0\.roles\.0\.requirements\.__proto__: Unknown field "__proto__"/,
    );
    expect(created.sent).toEqual([]);
    const variables = JSON.parse('{"crewId": 1, "__proto__": {"crewId": 2}}');
    const queried = await requestsDuring(suite.sandbox, () =>
      suite.call('graphql_query', {
        query: 'query($crewId: Int!) { companyCrewOne(crewId: $crewId) { id } }',
        variables,
      }),
    );
    expect(queried.result.text).toMatch(/variables\.__proto__: Unknown field "__proto__"/);
    expect(queried.sent).toEqual([]);
  });
});

describe('forbiddenKeyIssues', () => {
  it('names each key with its path, the renamed top-level "__proto__" and a prototype a copy set', () => {
    const copied: Record<string, unknown> = {};
    Object.setPrototypeOf(copied, { admin: true });
    const paths = forbiddenKeyIssues({
      [PROTO_KEY]: 1,
      a: [{ b: JSON.parse('{"constructor": {"prototype": 1}}') }],
      c: { prototype: 2 },
      d: copied,
    }).map((issue) => issue.path.join('.'));
    expect(paths.sort()).toEqual(['__proto__', 'a.0.b.constructor', 'c.prototype', 'd.__proto__']);
  });

  it('walks any depth without overflowing the stack, and passes ordinary keys', () => {
    let deep: Record<string, unknown> = JSON.parse('{"__proto__": 1}');
    for (let depth = 0; depth < 100_000; depth++) deep = { next: deep };
    expect(forbiddenKeyIssues(deep)).toHaveLength(1);
    expect(forbiddenKeyIssues({ proto: 1, constructors: [{ toString: 'x' }], protoType: 2 })).toEqual([]);
  });
});
