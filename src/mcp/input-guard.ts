// Input checks that zod leaves out, run on every tool call before the schema itself (see
// wire-schema.ts). Each one was found by fuzzing (issues 11 and 19) and would otherwise reach a
// handler or the platform:
//  - the keys `__proto__`, `constructor` and `prototype`, at any depth: JSON.parse makes an own
//    `__proto__` key, which a copy (zod's record parsing, an assignment) turns into the object's
//    prototype, so that it vanishes from the value or changes what a lookup finds. They are
//    refused first, on the raw arguments, before anything else reads them (forbiddenKeyIssues);
//  - unknown keys: zod drops them silently; a misspelt field would quietly do less than asked.
//    Keys named like Object.prototype members (`toString`) are unknown keys too, never a lookup
//    on the prototype chain;
//  - a top-level `__proto__` key, which the SDK's request parsing drops silently: the transports
//    rename it (keepProtoKey) before the SDK sees the message, and it is refused here;
//  - integers outside the platform's GraphQL Int (32-bit), which zod's int() allows up to 2^53;
//  - strings with an unpaired UTF-16 surrogate, which no URL, JSON or multipart encoder accepts.
import type { z } from 'zod';

/** What the transports rename a tool call's own "__proto__" argument to, so that it survives the SDK. */
export const PROTO_KEY = '\u0000__proto__';

interface ToolCallMessage {
  method?: unknown;
  params?: { arguments?: unknown };
}

/**
 * A raw JSON-RPC message (or batch) with each tools/call's own "__proto__" argument renamed to
 * PROTO_KEY; other messages are returned as they are.
 */
export function keepProtoKey<T>(message: T): T {
  if (Array.isArray(message)) return message.map(keepProtoKey) as T;
  const call = message as ToolCallMessage | null;
  const args = call?.method === 'tools/call' ? call.params?.arguments : undefined;
  if (!isPlainObject(args) || !Object.hasOwn(args, '__proto__')) return message;
  // fromEntries defines own keys, so no key here can touch a prototype.
  const renamed = Object.fromEntries(
    Object.entries(args).map(([key, value]) => [key === '__proto__' ? PROTO_KEY : key, value]),
  );
  return { ...message, params: { ...call?.params, arguments: renamed } } as T;
}

export interface InputIssue {
  message: string;
  path: PropertyKey[];
}

/** The platform's ids and counts are GraphQL Int: a signed 32-bit integer. */
export const PLATFORM_INT_MIN = -(2 ** 31);
export const PLATFORM_INT_MAX = 2 ** 31 - 1;

/** A key longer than this is cut when echoed in an error (a 4 MB key must not come back twice). */
const ECHO_LIMIT = 60;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

interface ZodDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
  valueType?: z.ZodType;
}

function defOf(schema: z.ZodType): ZodDef {
  return (schema as unknown as { _zod: { def: ZodDef } })._zod.def;
}

const isControl = (code: number) => code < 0x20 || code === 0x7f;

/** C0 control characters and DEL (a line break in a file name breaks a multipart header). */
export function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) if (isControl(value.charCodeAt(i))) return true;
  return false;
}

/** A value as it may be shown back to the caller: short, and printable. */
export function echo(value: string): string {
  const printable = Array.from(value.slice(0, ECHO_LIMIT + 1), (char) =>
    isControl(char.charCodeAt(0)) || hasLoneSurrogate(char) ? '?' : char,
  ).join('');
  return printable.length > ECHO_LIMIT
    ? `${printable.slice(0, ECHO_LIMIT)}… (${value.length} chars)`
    : printable;
}

export function hasLoneSurrogate(value: string): boolean {
  return LONE_SURROGATE.test(value);
}

function closest(key: string, known: string[]): string | undefined {
  const lower = key.toLowerCase();
  return (
    known.find((name) => name.toLowerCase() === lower) ??
    known.find((name) => name.toLowerCase().startsWith(lower.slice(0, 4)))
  );
}

/** A JSON object: not null, not an array. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Keys that name a JavaScript prototype: no input of ours has such a field, at any depth. */
export const FORBIDDEN_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype'];

const forbidden = (key: string) =>
  `Unknown field "${key}": no input takes __proto__, constructor or prototype as a key, at any depth; remove it.`;

/** A place inside the arguments: its parent and key, so that a path is built only for an issue. */
interface Place {
  value: unknown;
  parent: Place | null;
  key: PropertyKey;
}

function pathOf(place: Place, root: PropertyKey[]): PropertyKey[] {
  const path: PropertyKey[] = [];
  for (let at: Place | null = place; at?.parent; at = at.parent) path.push(at.key);
  return [...root, ...path.reverse()];
}

/**
 * Every own `__proto__`, `constructor` or `prototype` key in the raw arguments, at any depth (and
 * every object whose prototype a copy already set from a `__proto__` key), with its path. Walks
 * with a stack of its own, in time linear in the input, so that no nesting depth can overflow
 * the call stack or take long.
 */
export function forbiddenKeyIssues(value: unknown, root: PropertyKey[] = []): InputIssue[] {
  const issues: InputIssue[] = [];
  const refuse = (parent: Place, key: string) =>
    issues.push({ path: pathOf({ value: null, parent, key }, root), message: forbidden(key) });
  const pending: Place[] = [{ value, parent: null, key: '' }];
  for (let place = pending.pop(); place; place = pending.pop()) {
    const current = place;
    if (Array.isArray(current.value)) {
      current.value.forEach((item, index) => {
        pending.push({ value: item, parent: current, key: index });
      });
      continue;
    }
    if (!isPlainObject(current.value)) continue;
    const prototype = Object.getPrototypeOf(current.value);
    if (prototype !== Object.prototype && prototype !== null) refuse(current, '__proto__');
    for (const [key, item] of Object.entries(current.value)) {
      const shown = key === PROTO_KEY ? '__proto__' : key;
      if (FORBIDDEN_KEYS.includes(shown)) refuse(current, shown);
      else pending.push({ value: item, parent: current, key });
    }
  }
  return issues;
}

/** Strings anywhere in a value the schema does not describe (a loose object's extra fields). */
function looseValueIssues(value: unknown, path: PropertyKey[], depth = 0): InputIssue[] {
  if (depth > 64) return [{ path, message: 'is nested too deeply.' }];
  if (typeof value === 'string') return stringIssues(value, path);
  if (Array.isArray(value))
    return value.flatMap((item, index) => looseValueIssues(item, [...path, index], depth + 1));
  if (!isPlainObject(value)) return [];
  return [
    ...Object.entries(value).flatMap(([key, item]) => [
      ...stringIssues(key, [...path, key]),
      ...looseValueIssues(item, [...path, key], depth + 1),
    ]),
  ];
}

function stringIssues(value: string, path: PropertyKey[]): InputIssue[] {
  return hasLoneSurrogate(value)
    ? [
        {
          path,
          message: 'contains an unpaired UTF-16 surrogate (invalid Unicode text); send well-formed text.',
        },
      ]
    : [];
}

function integerIssues(schema: z.ZodType, value: unknown, path: PropertyKey[]): InputIssue[] {
  const number = schema as unknown as { isInt?: boolean };
  if (!number.isInt || typeof value !== 'number' || !Number.isInteger(value)) return [];
  if (value >= PLATFORM_INT_MIN && value <= PLATFORM_INT_MAX) return [];
  return [
    {
      path,
      message: `${value} is outside the platform's Int range (${PLATFORM_INT_MIN} to ${PLATFORM_INT_MAX}); no such id or count exists.`,
    },
  ];
}

/** Every issue of `value` against `schema` that zod itself would not report (see the header). */
export function inputGuardIssues(schema: z.ZodType, value: unknown, path: PropertyKey[] = []): InputIssue[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return def.innerType ? inputGuardIssues(def.innerType, value, path) : [];
    case 'pipe':
      return def.in ? inputGuardIssues(def.in, value, path) : [];
    case 'union': {
      // The branch zod can pick is one whose JSON type fits the value.
      const fitting = (def.options ?? []).find((option) => fitsKind(option, value));
      return fitting ? inputGuardIssues(fitting, value, path) : [];
    }
    case 'string':
      return typeof value === 'string' ? stringIssues(value, path) : [];
    case 'number':
      return integerIssues(schema, value, path);
    case 'array':
      return Array.isArray(value) && def.element
        ? value.flatMap((item, index) => inputGuardIssues(def.element as z.ZodType, item, [...path, index]))
        : [];
    case 'record':
    case 'unknown':
    case 'any':
      return looseValueIssues(value, path);
    case 'object':
      return objectIssues(def, value, path);
    default:
      return [];
  }
}

function fitsKind(schema: z.ZodType, value: unknown): boolean {
  const def = defOf(schema);
  if (['optional', 'nullable', 'default', 'prefault', 'readonly'].includes(def.type) && def.innerType) {
    return fitsKind(def.innerType, value);
  }
  if (def.type === 'array') return Array.isArray(value);
  if (def.type === 'object' || def.type === 'record') return isPlainObject(value);
  return def.type === typeof value;
}

function objectIssues(def: ZodDef, value: unknown, path: PropertyKey[]): InputIssue[] {
  if (!isPlainObject(value)) return [];
  const shape = def.shape ?? {};
  const known = Object.keys(shape);
  const loose = def.catchall !== undefined && defOf(def.catchall).type !== 'never';
  const issues: InputIssue[] = [];
  for (const [key, item] of Object.entries(value)) {
    // Own keys only: `constructor` must not find Object.prototype.constructor.
    const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
    if (field) issues.push(...inputGuardIssues(field, item, [...path, key]));
    else if (loose)
      issues.push(...stringIssues(key, [...path, key]), ...looseValueIssues(item, [...path, key]));
    else {
      const shown = key === PROTO_KEY ? '__proto__' : echo(key);
      const guess = key === PROTO_KEY ? undefined : closest(key, known);
      issues.push({
        path: [...path, shown],
        message: `Unknown field "${shown}"${guess ? `; did you mean "${guess}"?` : ''} Known fields: ${known.join(', ')}.`,
      });
    }
  }
  return issues;
}
