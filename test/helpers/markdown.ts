// Reading the project's Markdown documents in tests (docs/RULES.md, docs/TOOL-TEXT.md): a
// section by its heading, the cells of a table, and the `file#name` references a cell makes; and
// the README's generated blocks, held to what they are written from.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { expect } from 'vitest';
import { packagePath } from '../../src/paths.js';
import { testCases } from './test-cases.js';

/** A document of the package; throws (a test fails, never skips) when it is missing. */
export function readDoc(...parts: string[]): string {
  const path = packagePath(...parts);
  if (!existsSync(path)) throw new Error(`${parts.join('/')} is missing`);
  return readFileSync(path, 'utf8');
}

/** The text of one section (`### 2.2 …` or `## 7. …`) up to the next heading of level 2 or 3. */
export function section(doc: string, heading: RegExp): string {
  const lines = doc.split('\n');
  const start = lines.findIndex((line) => heading.test(line));
  if (start < 0) throw new Error(`no section ${heading} in the document`);
  const end = lines.findIndex((line, index) => index > start && /^#{2,3} /.test(line));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

/** Cells of each body row of the first Markdown table in `text`. */
export function tableRows(text: string): string[][] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2)
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
}

/** The refs `file#name` of a cell (other backticked text is prose). */
export function refs(cell: string | undefined): string[] {
  return [...(cell ?? '').matchAll(/`([^`]+#[^`]+)`/g)].map((match) => match[1] as string);
}

/** What is wrong with a `test file#title` ref, or nothing. */
export function brokenTestRef(ref: string): string | undefined {
  const at = ref.indexOf('#');
  const [file, title] = [ref.slice(0, at), ref.slice(at + 1)];
  if (!file.startsWith('test/')) return `${ref}: a test lives in test/`;
  if (!existsSync(packagePath(file))) return `${ref}: no file ${file}`;
  const titles = testCases(readDoc(file), file).map((one) => one.name);
  return titles.includes(title) ? undefined : `${ref}: no test with this title`;
}

/**
 * The README's block between `<!-- name:start ... -->` and `<!-- name:end -->` is `text`, written
 * from its source; `UPDATE_SNAPSHOTS=1` writes it there first.
 */
export function expectReadmeBlock(name: string, text: string): void {
  const path = packagePath('README.md');
  const readme = readFileSync(path, 'utf8');
  const pattern = new RegExp(`(<!-- ${name}:start[^\\n]*-->\\n)[\\s\\S]*?(\\n?<!-- ${name}:end -->)`);
  expect(readme).toMatch(pattern);
  const next = readme.replace(pattern, `$1${text}\n<!-- ${name}:end -->`);
  if (process.env.UPDATE_SNAPSHOTS === '1') writeFileSync(path, next);
  expect(readFileSync(path, 'utf8')).toBe(next);
}
