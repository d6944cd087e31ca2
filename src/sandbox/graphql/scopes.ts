// Scope per root field [assumed names, platform-contract.md "Scopes"]. Checked before anything
// runs: an operation with one unauthorised root field executes nothing.

import {
  type DocumentNode,
  type FragmentDefinitionNode,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { OPERATION_SCOPES } from '../../contract/scopes.js';
import type { Scope } from '../types.js';

/** The scope of each root field, as the contract models it (shared with the product's checks). */
export const ROOT_FIELD_SCOPES: Readonly<Record<string, Scope>> = OPERATION_SCOPES;

export interface RootField {
  name: string;
  /** The key in `data` (the alias, or the name). */
  responseKey: string;
}

/** Root fields of the operation, through fragments; introspection fields carry no scope. */
export function rootFields(document: DocumentNode, operation: OperationDefinitionNode): RootField[] {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const fields: RootField[] = [];
  const visited = new Set<string>();
  const walk = (selectionSet: SelectionSetNode) => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        fields.push({
          name: selection.name.value,
          responseKey: selection.alias?.value ?? selection.name.value,
        });
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        walk(selection.selectionSet);
      } else if (!visited.has(selection.name.value)) {
        visited.add(selection.name.value);
        const fragment = fragments.get(selection.name.value);
        if (fragment) walk(fragment.selectionSet);
      }
    }
  };
  walk(operation.selectionSet);
  return fields;
}

/** Root fields the caller may not run, each with the scope it lacks. */
export function missingScopes(
  fields: RootField[],
  scopes: ReadonlySet<string>,
): (RootField & { scope: Scope })[] {
  const missing: (RootField & { scope: Scope })[] = [];
  for (const field of fields) {
    const scope = ROOT_FIELD_SCOPES[field.name];
    if (scope && !scopes.has(scope)) missing.push({ ...field, scope });
  }
  return missing;
}
