// How a live platform's schema differs from our model of it (src/contract/schema.graphql), as
// `crew-mcp check` reports it: operations, types and fields the live schema lacks (with the
// live field that probably replaced a missing one), and enum values on either side only. Extra
// live fields and types are not differences that matter: nothing of ours asks for them.
import {
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLNamedType,
  type GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
} from 'graphql';

export interface SchemaDifferences {
  /** Root fields of ours the live schema lacks, e.g. "query companyLeavers". */
  missingOperations: string[];
  /** Types of ours the live schema lacks. */
  missingTypes: string[];
  /** Fields of ours the live schema lacks, with a likely live replacement when there is one. */
  missingFields: { field: string; renamedTo?: string }[];
  /** Enum values of ours the live schema lacks, e.g. "CrewJobStatus.NO_SHOW". */
  missingEnumValues: string[];
  /** Enum values only the live schema has. */
  extraEnumValues: string[];
}

type AnyField = GraphQLField<unknown, unknown> | GraphQLInputField;

function fieldsOf(type: GraphQLNamedType | undefined | null): Record<string, AnyField> | null {
  if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) return type.getFields();
  return null;
}

/**
 * A live field that our model does not know, of the same type, whose name shares a word or
 * a long prefix with the missing one: most likely the same field under a new name. Only a
 * single candidate counts; two would be a guess.
 */
function renameCandidate(missing: AnyField, ours: Record<string, AnyField>, live: Record<string, AnyField>) {
  const sameType = Object.values(live).filter(
    (field) => !(field.name in ours) && String(field.type) === String(missing.type),
  );
  if (sameType.length === 1) return sameType[0]?.name;
  const words = (name: string) => name.split(/(?=[A-Z])|_/).map((word) => word.toLowerCase());
  const related = sameType.filter((field) =>
    words(field.name).some((word) => words(missing.name).includes(word)),
  );
  return related.length === 1 ? related[0]?.name : undefined;
}

export function compareSchemas(model: GraphQLSchema, live: GraphQLSchema): SchemaDifferences {
  const differences: SchemaDifferences = {
    missingOperations: [],
    missingTypes: [],
    missingFields: [],
    missingEnumValues: [],
    extraEnumValues: [],
  };
  const roots = new Map([
    [model.getQueryType()?.name, 'query'],
    [model.getMutationType()?.name, 'mutation'],
  ]);
  for (const type of Object.values(model.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    const liveType = live.getType(type.name);
    const rootKind = roots.get(type.name);
    if (rootKind) {
      const liveFields = fieldsOf(rootKind === 'query' ? live.getQueryType() : live.getMutationType()) ?? {};
      for (const name of Object.keys(fieldsOf(type) ?? {})) {
        if (!(name in liveFields)) differences.missingOperations.push(`${rootKind} ${name}`);
      }
      continue;
    }
    if (!liveType) {
      differences.missingTypes.push(type.name);
      continue;
    }
    if (isEnumType(type) && isEnumType(liveType)) {
      const ours = type.getValues().map((value) => value.name);
      const theirs = liveType.getValues().map((value) => value.name);
      for (const value of ours)
        if (!theirs.includes(value)) differences.missingEnumValues.push(`${type.name}.${value}`);
      for (const value of theirs)
        if (!ours.includes(value)) differences.extraEnumValues.push(`${type.name}.${value}`);
      continue;
    }
    const ours = fieldsOf(type);
    const theirs = fieldsOf(liveType);
    if (!ours || !theirs) continue;
    for (const field of Object.values(ours)) {
      if (field.name in theirs) continue;
      const renamedTo = renameCandidate(field, ours, theirs);
      differences.missingFields.push({
        field: `${type.name}.${field.name}`,
        ...(renamedTo ? { renamedTo } : {}),
      });
    }
  }
  return differences;
}

export function hasDifferences(differences: SchemaDifferences): boolean {
  return Object.values(differences).some((list) => list.length > 0);
}

/**
 * Mutations of a live schema whose names say they book, assign, invite or shortlist crew. The API
 * document has none, so nothing is built on them: `crew-mcp check` names them, and staffing plans
 * stay proposals.
 */
export function assignmentMutations(schema: GraphQLSchema): string[] {
  const fields = schema.getMutationType()?.getFields() ?? {};
  return Object.keys(fields)
    .filter((name) => /crew_?jobs?|assign|book|invite|shortlist/i.test(name))
    .sort();
}
