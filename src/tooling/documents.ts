// GraphQL documents live beside their tools (tools/<tool>.graphql). Shared fragments live in
// tools/*.graphql files too; a document gets every fragment it spreads, transitively.
import { readdirSync } from 'node:fs';
import { packagePath, readPackageFile } from '../paths.js';

let fragmentIndex: Map<string, string> | null = null;

function fragments(): Map<string, string> {
  if (fragmentIndex) return fragmentIndex;
  fragmentIndex = new Map();
  for (const file of readdirSync(packagePath('tools')).filter((name) => name.endsWith('.graphql'))) {
    const text = readPackageFile('tools', file);
    for (const match of text.matchAll(/^fragment\s+(\w+)\s+on\s+\w+\s*\{/gm)) {
      fragmentIndex.set(match[1] as string, text);
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
    for (const match of text.matchAll(/\.\.\.(\w+)/g)) {
      const fragmentName = match[1] as string;
      const source = fragments().get(fragmentName);
      if (!source || included.has(source) || own === source) continue;
      included.add(source);
      parts.push(source);
      pending.push(source);
    }
  }
  return parts.join('\n');
}
