// The rules every tool's schemas keep for clients and models (issue "Every answer reaches every
// client"): every id input takes a JSON number or a string alike, published as the string every
// answer carries; every id in every answer is a string; every cap the server enforces on an
// input is in the input schema a client reads, and a call past it is refused naming the field,
// with nothing sent, while a call at it is not refused for that field.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonSchemaOf } from '../../src/mcp/wire-schema.js';
import { MAX_MATCH_LIMIT } from '../../src/rules/matching-input.js';
import { PLAN_RANGES } from '../../src/staffing/plan-request.js';
import { allTools } from '../../tools/index.js';
import { useConnectedSandbox } from '../helpers/connected-sandbox.js';
import { seeing } from '../helpers/sent.js';

type Json = Record<string, unknown>;

/** A property that holds a platform id (not a user-defined uniqueId, not a plan's own id). */
const isIdName = (name: string) =>
  /(^id$|Id$|Ids$)/.test(name) && !/uniqueId$/i.test(name) && name !== 'planId';

/** Every id property of a JSON Schema, as `path: schema`, at any depth. */
function idProperties(schema: unknown, path = ''): [string, Json][] {
  if (!schema || typeof schema !== 'object') return [];
  const node = schema as Json;
  const found: [string, Json][] = [];
  for (const [name, property] of Object.entries((node.properties as Json | undefined) ?? {})) {
    if (isIdName(name)) found.push([`${path}${name}`, property as Json]);
    found.push(...idProperties(property, `${path}${name}.`));
  }
  if (node.items) found.push(...idProperties(node.items, `${path}[].`));
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const)
    for (const option of (node[key] as unknown[] | undefined) ?? [])
      found.push(...idProperties(option, path));
  return found;
}

const isStringOrStrings = (schema: Json) =>
  schema.type === 'string' ||
  (schema.type === 'array' && (schema.items as Json | undefined)?.type === 'string');

describe('ids', () => {
  it.each(allTools.map((tool) => [tool.name, tool] as const))(
    '%s: every output id is a string',
    (_name, tool) => {
      const wrong = idProperties(jsonSchemaOf(tool.outputSchema, 'output')).filter(
        ([, schema]) => !isStringOrStrings(schema),
      );
      expect(wrong.map(([path, schema]) => `${path}: ${JSON.stringify(schema)}`)).toEqual([]);
    },
  );

  it.each(allTools.map((tool) => [tool.name, tool] as const))(
    '%s: every id input is published as a string and takes a number or a digit string alike',
    (_name, tool) => {
      const published = idProperties(jsonSchemaOf(tool.inputSchema, 'input'));
      for (const [path, schema] of published) expect(isStringOrStrings(schema), path).toBe(true);
      for (const [path, field] of zodIdFields(tool.inputSchema)) {
        const asNumber = field.safeParse(804);
        const asString = field.safeParse('804');
        expect(asNumber.success, `${path} takes 804`).toBe(true);
        expect(asString.success, `${path} takes "804"`).toBe(true);
        expect(String(asNumber.data), path).toBe(String(asString.data));
        for (const wrong of [true, -1, 1.5, '', {}])
          expect(field.safeParse(wrong).success, `${path}: ${JSON.stringify(wrong)}`).toBe(false);
      }
    },
  );

  it('counts the id inputs it checked (the walk cannot pass on finding none)', () => {
    const count = allTools.reduce((sum, tool) => sum + zodIdFields(tool.inputSchema).length, 0);
    expect(count).toBeGreaterThanOrEqual(25);
  });
});

/** Each id field of a zod input schema (an id, or a list's item), unwrapped from optional, at any depth. */
function zodIdFields(schema: z.ZodType, path = ''): [string, z.ZodType][] {
  const def = (
    schema as unknown as {
      _zod: {
        def: { type: string; innerType?: z.ZodType; element?: z.ZodType; shape?: Record<string, z.ZodType> };
      };
    }
  )._zod.def;
  if (def.type === 'optional' || def.type === 'default') return zodIdFields(def.innerType!, path);
  if (def.type === 'array') return zodIdFields(def.element!, `${path}[]`);
  if (def.type !== 'object') return [];
  const found: [string, z.ZodType][] = [];
  for (const [name, field] of Object.entries(def.shape ?? {})) {
    if (isIdName(name) && name !== 'boardIds') {
      let inner = field;
      for (;;) {
        const innerDef = (
          inner as unknown as { _zod: { def: { type: string; innerType?: z.ZodType; element?: z.ZodType } } }
        )._zod.def;
        if (innerDef.type === 'optional' || innerDef.type === 'default') inner = innerDef.innerType!;
        else if (innerDef.type === 'array') inner = innerDef.element!;
        else break;
      }
      found.push([`${path}${name}`, inner]);
    } else found.push(...zodIdFields(field, `${path}${name}.`));
  }
  return found;
}

describe('caps the server enforces are in the input schema', () => {
  const suite = useConnectedSandbox();
  const see = (tool: string, args: Json) => seeing(suite.sandbox, () => suite.call(tool, args));
  const role = { jobId: '1', roleId: '2' };
  const ids = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

  /** tool, field (as the schema path), the JSON Schema keyword, the cap, a call past it, a call at it. */
  const caps: [string, string, string, number, Json, Json][] = [
    [
      'find_matching_crew',
      'limit',
      'maximum',
      MAX_MATCH_LIMIT,
      { ...role, limit: MAX_MATCH_LIMIT + 1 },
      { ...role, limit: MAX_MATCH_LIMIT },
    ],
    [
      'find_matching_crew',
      'crewIds',
      'maxItems',
      MAX_MATCH_LIMIT,
      { ...role, crewIds: ids(MAX_MATCH_LIMIT + 1) },
      { ...role, crewIds: ids(MAX_MATCH_LIMIT) },
    ],
    ['find_matching_crew', 'limit', 'minimum', 1, { ...role, limit: 0 }, { ...role, limit: 1 }],
    ...(Object.entries(PLAN_RANGES).flatMap(([key, range]) => [
      [
        'plan_staffing',
        key,
        'minimum',
        range.min,
        { jobIds: ['1'], [key]: range.min - 1 },
        { jobIds: ['1'], [key]: range.min },
      ],
      ...(Number.isFinite(range.max)
        ? [
            [
              'plan_staffing',
              key,
              'maximum',
              range.max,
              { jobIds: ['1'], [key]: range.max + 1 },
              { jobIds: ['1'], [key]: range.max },
            ],
          ]
        : []),
    ]) as [string, string, string, number, Json, Json][]),
    ['list_jobs', 'perPage', 'maximum', 100, { perPage: 101 }, { perPage: 100 }],
    ['list_crew', 'perPage', 'maximum', 100, { perPage: 101 }, { perPage: 100 }],
    ['list_events', 'limit', 'maximum', 500, { limit: 501 }, { limit: 500 }],
  ];

  it.each(caps)('%s %s: %s %d is declared, and held', async (tool, field, keyword, cap, past, at) => {
    const definition = allTools.find((candidate) => candidate.name === tool)!;
    const published = (jsonSchemaOf(definition.inputSchema, 'input').properties as Json)[field] as Json;
    expect(published[keyword], JSON.stringify(published)).toBe(cap);
    const refused = await see(tool, past);
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain(field);
    expect(refused.sent).toEqual([]);
    const taken = await see(tool, at);
    // The call at the cap may still fail for another reason (a made-up role), never for this field.
    if (taken.isError)
      expect(taken.text).not.toMatch(
        new RegExp(`\\b${field}\\b[^\\n]*(too|at most|at least|range|must be)`, 'i'),
      );
  });

  it('upload_crew_file declares the longest base64 content of the 10 MiB the platform takes', () => {
    const upload = allTools.find((tool) => tool.name === 'upload_crew_file')!;
    const content = (jsonSchemaOf(upload.inputSchema, 'input').properties as Json).contentBase64 as Json;
    expect(content.maxLength).toBe(4 * Math.ceil((10 * 1024 * 1024) / 3));
  });

  it('the default of a capped option is declared beside its cap', () => {
    const find = allTools.find((tool) => tool.name === 'find_matching_crew')!;
    const limit = (jsonSchemaOf(find.inputSchema, 'input').properties as Json).limit as Json;
    expect(limit).toMatchObject({ default: 20, minimum: 1, maximum: MAX_MATCH_LIMIT });
    expect(z.object({}).safeParse({}).success).toBe(true);
  });
});
