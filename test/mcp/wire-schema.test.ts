// The JSON Schema a client (and a model) sees of each tool input (src/mcp/wire-schema.ts): each
// rule of compactJsonSchema, and for every tool that the compacted schema is a valid 2020-12
// schema that accepts and refuses exactly what zod's own JSON Schema does, but for the
// differences meant (asMeant).
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isIdJsonSchema } from '../../src/mcp/ids.js';
import { compactJsonSchema, wireSchema } from '../../src/mcp/wire-schema.js';
import { allTools } from '../../tools/index.js';
import { toolArguments } from '../fuzz/arbitraries.js';

type Json = Record<string, unknown>;

const zodJson = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input' }) as Json;

/**
 * zod's schema less what compaction leaves out on purpose: the regex beside a named format (a
 * validator checks the format), the ±2^53 bounds of every integer (the input guard holds the
 * platform's 32-bit range), the optional deprecated properties (still taken, not shown), and an
 * id's number form (taken, shown as the string answers carry).
 */
function asMeant(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(asMeant);
  if (!schema || typeof schema !== 'object') return schema;
  const source = schema as Json;
  // An id is shown as the string every answer gives it; its number form is taken, not shown (ids.ts).
  if (isIdJsonSchema(source)) {
    const { anyOf: _forms, ...annotations } = source;
    return { type: 'string', ...annotations };
  }
  const required = (source.required as string[] | undefined) ?? [];
  const kept = Object.entries(source).filter(
    ([key, value]) =>
      !(key === 'pattern' && typeof source.format === 'string') &&
      !(key === 'minimum' && value === Number.MIN_SAFE_INTEGER) &&
      !(key === 'maximum' && value === Number.MAX_SAFE_INTEGER),
  );
  return Object.fromEntries(
    kept.map(([key, value]) => [
      key,
      key === 'properties'
        ? Object.fromEntries(
            Object.entries(value as Json)
              .filter(([name, property]) => required.includes(name) || !(property as Json).deprecated)
              .map(([name, property]) => [name, asMeant(property)]),
          )
        : asMeant(value),
    ]),
  );
}

describe('compactJsonSchema', () => {
  it("drops what restricts nothing: a string enum's type, string key names, a loose object's empty shape, obvious defaults", () => {
    const compact = compactJsonSchema(
      zodJson(
        z.object({
          payType: z.enum(['HOURLY', 'FIXED']).optional(),
          variables: z.record(z.string(), z.unknown()).optional(),
          requirements: z.looseObject({}).optional(),
          allPages: z.boolean().default(false),
          page: z.number().int().min(1).default(1),
          perPage: z.number().int().min(1).max(100).default(25),
          when: z.string().datetime().optional(),
        }),
      ),
    );
    expect(compact).toEqual({
      type: 'object',
      properties: {
        payType: { enum: ['HOURLY', 'FIXED'] },
        variables: { type: 'object' },
        requirements: { type: 'object' },
        allPages: { type: 'boolean' },
        page: { type: 'integer', minimum: 1 },
        perPage: { default: 25, type: 'integer', minimum: 1, maximum: 100 },
        when: { type: 'string', format: 'date-time' },
      },
    });
  });

  it('keeps what says something: an empty strict object, a default that is not obvious, a mixed enum', () => {
    expect(compactJsonSchema(zodJson(z.object({})))).toEqual({ type: 'object', properties: {} });
    const compact = compactJsonSchema(
      zodJson(
        z.object({
          flag: z.boolean().default(true),
          limit: z.number().int().min(1).default(50),
          size: z.union([z.literal('S'), z.literal(1)]),
        }),
      ),
    ) as { properties: Json };
    expect(compact.properties.flag).toEqual({ default: true, type: 'boolean' });
    expect(compact.properties.limit).toEqual({ default: 50, type: 'integer', minimum: 1 });
    expect(JSON.stringify(compact.properties.size)).toMatch(/"type":"string"/);
  });

  it('leaves out a deprecated property unless it is required; the input still takes it', () => {
    const schema = z.object({
      name: z.string(),
      skills: z.array(z.string()).optional().meta({ deprecated: true }),
      legacy: z.string().meta({ deprecated: true }),
    });
    const compact = compactJsonSchema(zodJson(schema)) as { properties: Json; required: string[] };
    expect(Object.keys(compact.properties)).toEqual(['name', 'legacy']);
    expect(compact.required).toEqual(['name', 'legacy']);
    const outcome = wireSchema(schema, 'input')['~standard'].validate({
      name: 'Ada',
      skills: ['Cash handling'],
      legacy: 'x',
    }) as { issues?: unknown[] };
    expect(outcome.issues).toBeUndefined();
  });
});

describe('every tool input, compacted', () => {
  const ajv = new Ajv2020({ strict: false, validateFormats: false });

  it.each(allTools.map((tool) => [tool.name, tool] as const))(
    "%s: a valid schema that accepts and refuses what zod's own does",
    (_name, tool) => {
      const original = zodJson(tool.inputSchema);
      const before = ajv.compile(asMeant(original) as Json);
      const after = ajv.compile(compactJsonSchema(original) as Json);
      let accepted = 0;
      fc.assert(
        fc.property(toolArguments(original), (args) => {
          const verdict = before(args);
          if (verdict) accepted++;
          expect(after(args), JSON.stringify(args)).toBe(verdict);
        }),
        { numRuns: 300, seed: 13 },
      );
      // The samples hold valid input too, not only input both refuse.
      expect(accepted).toBeGreaterThan(0);
    },
  );
});
