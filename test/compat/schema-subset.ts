// The JSON Schema keywords that draft-07 validators (the v1 SDK client's default Ajv) and 2020-12
// ones (Ajv2020, @cfworker/json-schema's default) read alike: the only ones a published input or
// output schema may hold (issue 29: a z.tuple's prefixItems + `items: false` passed every 2020-12
// check and was refused by every v1 client). An allow-list, so that a keyword nobody has thought
// about fails until someone decides which side it is on.
import { divergenceOf, schemaNodes } from '../../src/mcp/output-check.js';

/** Each keyword read alike, and why it is. */
export const READ_ALIKE: Readonly<Record<string, string>> = {
  type: 'the same seven type names and array form since draft-04',
  enum: 'unchanged since draft-04',
  const: 'draft-06 and later: the same',
  properties: 'unchanged since draft-04',
  required: 'an array of names since draft-04',
  additionalProperties:
    'a schema or a boolean, about the keys properties and patternProperties do not name: the same',
  patternProperties: 'unchanged since draft-04 (ECMA-262 regexes in both)',
  propertyNames: 'draft-06 and later: the same',
  minProperties: 'unchanged since draft-04',
  maxProperties: 'unchanged since draft-04',
  items: 'a single schema for every item: the same (an array or a boolean is not: divergenceOf)',
  minItems: 'unchanged since draft-04',
  maxItems: 'unchanged since draft-04',
  uniqueItems: 'unchanged since draft-04',
  contains: 'draft-06 and later: "at least one item" in both (minContains and maxContains are 2019-09+)',
  minLength: 'unchanged since draft-04',
  maxLength: 'unchanged since draft-04',
  pattern: 'an ECMA-262 regex in both',
  minimum: 'unchanged since draft-04',
  maximum: 'unchanged since draft-04',
  exclusiveMinimum: 'a number in draft-06 and later (the boolean form was draft-04)',
  exclusiveMaximum: 'a number in draft-06 and later (the boolean form was draft-04)',
  multipleOf: 'unchanged since draft-04',
  allOf: 'unchanged since draft-04',
  anyOf: 'unchanged since draft-04',
  oneOf: 'unchanged since draft-04',
  not: 'unchanged since draft-04',
  if: 'draft-07 and later: the same',
  // biome-ignore lint/suspicious/noThenProperty: a JSON Schema keyword's name; this table is never awaited
  then: 'draft-07 and later: the same',
  else: 'draft-07 and later: the same',
  format:
    'both drafts leave asserting it to the validator, and Ajv (with ajv-formats, as the v1 SDK sets it up) and cfworker both assert it: allowed only with a name in FORMATS_ALIKE',
  title: 'an annotation in both',
  description: 'an annotation in both',
  default: 'an annotation in both',
  examples: 'an annotation in both (draft-06 and later)',
  readOnly: 'an annotation in both (draft-07 and later)',
  writeOnly: 'an annotation in both (draft-07 and later)',
  deprecated: 'a 2019-09 annotation that draft-07 validators ignore: it never changes a verdict',
  $comment: 'draft-07 and later: ignored by both',
};

/** Formats that ajv-formats and @cfworker/json-schema both implement, the same way for our values. */
export const FORMATS_ALIKE = new Set(['date-time', 'date', 'uri', 'email', 'uuid']);

/** One keyword outside the subset: where (a JSON Pointer), which, and why. */
export interface Outside {
  path: string;
  keyword: string;
  why: string;
}

/** Every keyword in `schema` that is not read alike by draft-07 and 2020-12 validators, with why. */
export function outsideSubset(schema: unknown): Outside[] {
  return schemaNodes(schema).flatMap(({ path, node }) =>
    Object.entries(node).flatMap(([keyword, value]): Outside[] => {
      const divergent = divergenceOf(keyword, value);
      if (divergent) return [{ path, keyword, why: divergent }];
      if (!Object.hasOwn(READ_ALIKE, keyword))
        return [
          {
            path,
            keyword,
            why: 'not known to be read alike: decide, then list it in READ_ALIKE or DIVERGENT',
          },
        ];
      if (keyword === 'format' && !FORMATS_ALIKE.has(value as string))
        return [
          { path, keyword, why: `format "${String(value)}" is not one both Ajv and cfworker assert alike` },
        ];
      return [];
    }),
  );
}

/** The findings of outsideSubset over a tools/list answer's schemas, as "tool input|output path/keyword: why". */
export function toolsOutsideSubset(
  tools: readonly { name: string; inputSchema: unknown; outputSchema?: unknown }[],
): string[] {
  return tools.flatMap((tool) =>
    (['inputSchema', 'outputSchema'] as const).flatMap((side) =>
      outsideSubset(tool[side]).map(
        (found) => `${tool.name} ${side} ${found.path}/${found.keyword}: ${found.why}`,
      ),
    ),
  );
}
