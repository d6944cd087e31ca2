// GraphQL documents live beside their tools (tools/<tool>.graphql). Shared fragments live in
// tools/*.graphql files too; a document gets exactly the fragments it spreads, transitively
// (an unused fragment would make the document invalid).
import { readdirSync } from 'node:fs';
import { Kind, parse, print } from 'graphql';
import { packagePath, readPackageFile } from '../paths.js';

let fragmentIndex: Map<string, string> | null = null;

function fragments(): Map<string, string> {
  if (fragmentIndex) return fragmentIndex;
  fragmentIndex = new Map();
  for (const file of readdirSync(packagePath('tools')).filter((name) => name.endsWith('.graphql'))) {
    for (const definition of parse(readPackageFile('tools', file)).definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION)
        fragmentIndex.set(definition.name.value, print(definition));
    }
  }
  return fragmentIndex;
}

/** The document of tools/<name>.graphql with the fragments it needs appended. */
export function loadDocument(name: string): string {
  const own = readPackageFile('tools', `${name}.graphql`);
  const included = new Set<string>();
  const parts = [own];
  const pending = [own];
  while (pending.length > 0) {
    const text = pending.pop() as string;
    for (const match of text.matchAll(/\.\.\.\s*([_A-Za-z]\w*)/g)) {
      const fragmentName = match[1] as string;
      const source = fragments().get(fragmentName);
      if (!source || included.has(fragmentName)) continue;
      included.add(fragmentName);
      parts.push(source);
      pending.push(source);
    }
  }
  return parts.join('\n');
}
