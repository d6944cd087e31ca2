// The layout's promises that an import graph cannot show (dependency-cruiser checks the imports
// in `npm run lint`): the platform client names no tool, and no rule text names one either.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packagePath } from '../../src/paths.js';
import { allTools } from '../../tools/index.js';

function sources(dir: string): { file: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [{ file: path, text: readFileSync(path, 'utf8') }] : [];
  });
}

describe('layout', () => {
  it('src/platform/ mentions no tool by name', () => {
    const names = allTools.map((tool) => tool.name);
    const mentions = sources(packagePath('src', 'platform')).flatMap(({ file, text }) =>
      names.filter((name) => new RegExp(`\\b${name}\\b`).test(text)).map((name) => `${file}: ${name}`),
    );
    expect(names.length).toBeGreaterThan(10);
    expect(mentions).toEqual([]);
  });
});
