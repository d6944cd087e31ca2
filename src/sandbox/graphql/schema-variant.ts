// A sandbox whose schema differs from the contract, the way a live platform's may: fields under
// new names, operations it does not have, enum values it added. Off by default (the default
// sandbox serves the contract as it is); tests use it to prove the product adapts.
import { Kind, parse, print, visit } from 'graphql';

export interface SchemaVariant {
  /** Object fields served under another name (same value), e.g. Job.location as Job.venue. */
  renameFields?: { type: string; from: string; to: string }[];
  /** Root fields (queries and mutations) the variant does not have. */
  removeOperations?: string[];
  /** Enum values only the variant has. */
  addEnumValues?: { enum: string; values: string[] }[];
  /** Refuse introspection queries, as some production GraphQL servers do. */
  noIntrospection?: boolean;
  /**
   * Refuse an operation of more root fields than this (aliases included), as servers with an
   * alias or cost limit do: HTTP 400, GRAPHQL_VALIDATION_FAILED, no data. Default: no limit.
   */
  maxRootFields?: number;
}

/** The SDL with the variant applied. */
export function applySchemaVariant(sdl: string, variant: SchemaVariant): string {
  const renames = variant.renameFields ?? [];
  const removed = new Set(variant.removeOperations ?? []);
  const added = new Map((variant.addEnumValues ?? []).map((entry) => [entry.enum, entry.values]));
  const document = visit(parse(sdl), {
    ObjectTypeDefinition(node) {
      const isRoot = node.name.value === 'Query' || node.name.value === 'Mutation';
      const fields = (node.fields ?? [])
        .filter((field) => !(isRoot && removed.has(field.name.value)))
        .map((field) => {
          const rename = renames.find((r) => r.type === node.name.value && r.from === field.name.value);
          return rename ? { ...field, name: { ...field.name, value: rename.to } } : field;
        });
      return { ...node, fields };
    },
    EnumTypeDefinition(node) {
      const values = added.get(node.name.value);
      if (!values) return undefined;
      const extra = values.map((value) => ({
        kind: Kind.ENUM_VALUE_DEFINITION,
        name: { kind: Kind.NAME, value },
      }));
      return { ...node, values: [...(node.values ?? []), ...extra] };
    },
  });
  return print(document);
}
