// Enum values of tool inputs from the live schema. The tools' zod schemas are built once from
// our model (src/contract/enums.ts); against a live platform whose enums differ, a tool is
// listed with a copy of its input schema whose model enums carry the live values, so a model
// may use a value the platform added and is refused one it dropped.
import { type GraphQLSchema, isEnumType } from 'graphql';
import { z } from 'zod';
import { graphqlEnumOf } from '../contract/enums.js';
import type { AnyZodObject, ToolDefinition } from './define-tool.js';

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** `schema` rebuilt with `changes` to its definition, keeping its description. */
function rebuilt<T extends z.ZodType>(schema: T, changes: Partial<Def>): T {
  const copy = (schema as unknown as { clone(def: unknown): T }).clone({ ...defOf(schema), ...changes });
  const meta = z.globalRegistry.get(schema);
  if (meta) z.globalRegistry.add(copy, meta);
  return copy;
}

function liveValues(live: GraphQLSchema, name: string): string[] | null {
  const type = live.getType(name);
  return isEnumType(type) ? type.getValues().map((value) => value.name) : null;
}

/** The schema with every model enum inside it given the live values; the same instance when nothing changes. */
export function withLiveEnumValues<T extends z.ZodType>(schema: T, live: GraphQLSchema): T {
  const name = graphqlEnumOf(schema);
  if (name) {
    const values = liveValues(live, name);
    const current = (schema as unknown as z.ZodEnum).options as string[];
    if (!values || values.length === 0 || values.join() === current.join()) return schema;
    return rebuilt(schema, {
      entries: Object.fromEntries(values.map((value) => [value, value])),
    } as Partial<Def>);
  }
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly': {
      const inner = def.innerType && withLiveEnumValues(def.innerType, live);
      return inner === def.innerType ? schema : rebuilt(schema, { innerType: inner });
    }
    case 'array': {
      const element = def.element && withLiveEnumValues(def.element, live);
      return element === def.element ? schema : rebuilt(schema, { element });
    }
    case 'object': {
      const shape = def.shape ?? {};
      const changed = Object.entries(shape).map(
        ([key, field]) => [key, withLiveEnumValues(field, live)] as const,
      );
      if (changed.every(([key, field]) => shape[key] === field)) return schema;
      return rebuilt(schema, { shape: Object.fromEntries(changed) });
    }
    default:
      return schema;
  }
}

/** The tool as listed against this live schema: the same object unless an input enum differs. */
export function toolWithLiveEnums(tool: ToolDefinition, live: GraphQLSchema): ToolDefinition {
  const inputSchema = withLiveEnumValues(tool.inputSchema, live) as AnyZodObject;
  return inputSchema === tool.inputSchema ? tool : { ...tool, inputSchema };
}
