// Prompts live in prompts/<name>.md: a front-matter block (a small YAML subset, parsed here so
// that no YAML dependency is needed) and a Markdown body with {{argument}} placeholders.
//
//   ---
//   name: staff_role
//   title: Staff a role
//   description: Find and vet crew for a role.
//   arguments:
//     - name: jobId
//       description: The job
//       required: true
//       complete: job          # board | job | crew | timezone | none
//       default: ...           # optional arguments only: the text used when it is not given
//   ---
//   Body with {{jobId}}.
//
// A malformed file fails the server's start with an error naming the file and line: a prompt
// that silently lost an argument would send an assistant down the wrong path.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { packagePath, packageRoot } from '../paths.js';

export const COMPLETION_KINDS = ['board', 'job', 'crew', 'timezone', 'none'] as const;
export type CompletionKind = (typeof COMPLETION_KINDS)[number];

export interface PromptArgumentSpec {
  name: string;
  description: string;
  required: boolean;
  complete: CompletionKind;
  /** Text used for an optional argument that was not given ('' when none is declared). */
  default?: string;
}

export interface PromptSpec {
  name: string;
  title: string;
  description: string;
  arguments: PromptArgumentSpec[];
  body: string;
  file: string;
}

export class PromptFileError extends Error {
  constructor(
    readonly file: string,
    message: string,
    readonly line?: number,
  ) {
    super(`Prompt file ${file}${line ? ` line ${line}` : ''}: ${message}`);
  }
}

const NAME = /^[a-z][a-z0-9_]*$/;
const ARGUMENT_NAME = /^[a-zA-Z][a-zA-Z0-9_]*$/;
const PLACEHOLDER = /\{\{\s*([^}\s]*)\s*\}\}/g;
const TOP_KEYS = ['name', 'title', 'description', 'arguments'];
const ARGUMENT_KEYS = ['name', 'description', 'required', 'complete', 'default'];

/** A scalar: bare, or in single or double quotes (double quotes take JSON escapes). */
function scalar(raw: string, fail: (message: string) => never): string {
  const text = raw.trim();
  if (text.startsWith('"')) {
    try {
      return JSON.parse(text) as string;
    } catch {
      fail(`bad double-quoted value ${text}`);
    }
  }
  if (text.startsWith("'")) {
    if (!text.endsWith("'") || text.length < 2) fail(`unterminated single-quoted value ${text}`);
    return text.slice(1, -1).replaceAll("''", "'");
  }
  return text;
}

interface RawArgument {
  line: number;
  fields: Map<string, string>;
}

function keyValue(text: string, line: number, file: string): [string, string] {
  const match = text.match(/^([A-Za-z_][\w-]*):(?:\s+(.*))?$/);
  if (!match) throw new PromptFileError(file, `expected "key: value", got "${text}"`, line);
  return [match[1] as string, match[2] ?? ''];
}

function splitFrontMatter(text: string, file: string): { header: string[]; body: string; offset: number } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines[0]?.trim() !== '---')
    throw new PromptFileError(file, 'must start with a "---" front-matter line', 1);
  const end = lines.findIndex((line, index) => index > 0 && line.trim() === '---');
  if (end < 0) throw new PromptFileError(file, 'front-matter is not closed by a "---" line');
  return {
    header: lines.slice(1, end),
    body: lines
      .slice(end + 1)
      .join('\n')
      .trim(),
    offset: 2,
  };
}

function parseHeader(
  header: string[],
  offset: number,
  file: string,
): { top: Map<string, string>; args: RawArgument[] } {
  const top = new Map<string, string>();
  const args: RawArgument[] = [];
  let inArguments = false;
  header.forEach((raw, index) => {
    const line = index + offset;
    const fail = (message: string): never => {
      throw new PromptFileError(file, message, line);
    };
    if (!raw.trim() || raw.trim().startsWith('#')) return;
    const indent = raw.length - raw.trimStart().length;
    const text = raw.trim();
    // YAML lets list items sit at their key's indent ("arguments:" then "- name: x").
    if (indent === 0 && !(inArguments && text.startsWith('- '))) {
      const [key, value] = keyValue(text, line, file);
      if (!TOP_KEYS.includes(key)) fail(`unknown key "${key}" (known: ${TOP_KEYS.join(', ')})`);
      if (top.has(key)) fail(`"${key}" given twice`);
      inArguments = key === 'arguments';
      if (inArguments) {
        if (value && value !== '[]') fail('arguments must be a list of "- name: ..." items, or []');
        top.set(key, value);
      } else {
        top.set(key, scalar(value, fail));
      }
      return;
    }
    if (!inArguments) fail('indented line outside of "arguments"');
    if (text.startsWith('- ')) {
      args.push({ line, fields: new Map() });
    } else if (args.length === 0) {
      fail('an argument must start with "- name: ..."');
    }
    const current = args[args.length - 1] as RawArgument;
    const [key, value] = keyValue(text.replace(/^-\s+/, ''), line, file);
    if (!ARGUMENT_KEYS.includes(key))
      fail(`unknown argument key "${key}" (known: ${ARGUMENT_KEYS.join(', ')})`);
    if (current.fields.has(key)) fail(`argument key "${key}" given twice`);
    current.fields.set(key, scalar(value, fail));
  });
  return { top, args };
}

function toArgument(raw: RawArgument, file: string): PromptArgumentSpec {
  const fail = (message: string): never => {
    throw new PromptFileError(file, message, raw.line);
  };
  const name = raw.fields.get('name') ?? fail('argument without a name');
  if (!ARGUMENT_NAME.test(name)) fail(`argument name "${name}" must be a camelCase identifier`);
  const description = raw.fields.get('description') || fail(`argument "${name}" has no description`);
  const requiredText = raw.fields.get('required') ?? 'false';
  if (requiredText !== 'true' && requiredText !== 'false')
    fail(`argument "${name}": required must be true or false, not "${requiredText}"`);
  const complete = (raw.fields.get('complete') ?? 'none') as CompletionKind;
  if (!COMPLETION_KINDS.includes(complete))
    fail(`argument "${name}": complete must be one of ${COMPLETION_KINDS.join(', ')}, not "${complete}"`);
  const required = requiredText === 'true';
  const fallback = raw.fields.get('default');
  if (required && fallback !== undefined) fail(`argument "${name}" is required and cannot have a default`);
  return { name, description, required, complete, ...(fallback !== undefined ? { default: fallback } : {}) };
}

/** Parse one prompt file's text; `file` names it in errors (and its base name must be the prompt's name). */
export function parsePromptFile(text: string, file: string): PromptSpec {
  const { header, body, offset } = splitFrontMatter(text, file);
  const { top, args } = parseHeader(header, offset, file);
  const fail = (message: string): never => {
    throw new PromptFileError(file, message);
  };
  const name = top.get('name') || fail('no "name" in the front-matter');
  if (!NAME.test(name)) fail(`name "${name}" must be snake_case`);
  const stem = basename(file).replace(/\.md$/, '');
  if (stem !== name) fail(`name "${name}" differs from the file name "${stem}.md"`);
  const description = top.get('description') || fail('no "description" in the front-matter');
  if (!top.has('arguments')) fail('no "arguments" in the front-matter (write "arguments: []" for none)');
  if (!body) fail('the prompt has no text after the front-matter');
  const parsed = args.map((raw) => toArgument(raw, file));
  const names = new Set<string>();
  for (const argument of parsed) {
    if (names.has(argument.name)) fail(`argument "${argument.name}" is declared twice`);
    names.add(argument.name);
  }
  for (const match of body.matchAll(PLACEHOLDER)) {
    const placeholder = match[1] as string;
    if (!names.has(placeholder))
      fail(`the text uses {{${placeholder}}}, which is not a declared argument (${[...names].join(', ')})`);
  }
  return { name, title: top.get('title') || name, description, arguments: parsed, body, file };
}

/** Every prompts/*.md, sorted by name. */
export function loadPrompts(directory = packagePath('prompts')): PromptSpec[] {
  const files = readdirSync(directory)
    .filter((entry) => entry.endsWith('.md'))
    .sort();
  return files.map((entry) => {
    const path = join(directory, entry);
    const shown = path.startsWith(packageRoot) ? relative(packageRoot, path) : path;
    return parsePromptFile(readFileSync(path, 'utf8'), shown);
  });
}

/** The prompt's text with its arguments filled in (an optional one not given: its default, else ''). */
export function renderPrompt(spec: PromptSpec, values: Record<string, string | undefined>): string {
  const byName = new Map(spec.arguments.map((argument) => [argument.name, argument]));
  return spec.body.replace(PLACEHOLDER, (_, name: string) => {
    const given = values[name]?.trim();
    return given ? given : (byName.get(name)?.default ?? '');
  });
}
