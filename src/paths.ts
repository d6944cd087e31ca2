// Locates files that ship beside the code (schema, tool documents, prompts). The same code runs
// from src/ under vitest and from dist/src/ when built, so we walk up to the package root.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findPackageRoot(start: string): string {
  let dir = start;
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === 'crew-mcp') return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`crew-mcp package root not found above ${start}`);
    dir = parent;
  }
}

export const packageRoot = findPackageRoot(dirname(fileURLToPath(import.meta.url)));

export function packagePath(...parts: string[]): string {
  return join(packageRoot, ...parts);
}

export function readPackageFile(...parts: string[]): string {
  return readFileSync(packagePath(...parts), 'utf8');
}
