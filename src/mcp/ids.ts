// Id inputs, one schema per kind of id, for every tool. A model that read an id from any answer
// (where every id is a string) or from a user ("crew 12") may send it as a JSON number or as a
// string: both are taken, and anything else is refused naming the field. The platform's GraphQL
// ids are digits (its document: "typically numeric"; crew ids are Int); the REST API's file and
// webhook ids are its own strings (opaqueIdInput).
// What clients see (wire-schema.ts, publishedId) is one type for every id, the string that
// answers carry; the number form is accepted without being advertised, so the tool list pays
// nothing for it.
import { z } from 'zod';
import { PLATFORM_INT_MAX } from './input-guard.js';

/** The published form of every id: what answers carry. */
export const ID_PATTERN = '^[0-9]+$';
const DIGITS = new RegExp(ID_PATTERN);

const ID_WORDS = 'an id is a whole number or a string of digits, such as 804 or "804"';

/** An id given as a JSON number: a whole number, not negative. */
const wholeNumberId = () => z.number().int({ error: ID_WORDS }).min(0);

/** The two accepted forms of an id, before they are read into the platform's type. */
const idForms = () =>
  z.union([z.string().regex(DIGITS, { error: ID_WORDS }), wholeNumberId()], { error: ID_WORDS });

/** A GraphQL ID (jobs, roles, boards, profiles, data types, multi-day jobs): read as its string. */
export const idInput = idForms().transform((value) => String(value));

/**
 * An id the platform makes up as it likes (files and webhooks of the REST API: `file-345`,
 * `wh_…`; an event's entity): any non-empty string, or a number, read as its string.
 */
export const opaqueIdInput = z
  .union([z.string().min(1, { error: 'an id cannot be empty' }), wholeNumberId()], {
    error: 'an id is a string or a whole number',
  })
  .transform((value) => String(value));

/** A crew member's id, GraphQL Int on the platform: read as a number within its 32-bit range. */
export const crewIdInput = idForms()
  .transform((value) => Number(value))
  .refine((value) => value <= PLATFORM_INT_MAX, {
    error: `no crew member has an id above ${PLATFORM_INT_MAX} (the platform's Int range)`,
  });

/** A list of ids, at most `max` of them (the tool's own cap). */
export function idsInput<T extends z.ZodType>(item: T, max: number) {
  return z.array(item).max(max, { error: `at most ${max} ids` });
}

/**
 * The shape zod gives an id's input side in JSON Schema: a string (of digits, or a board's name
 * too for boardIds) or a non-negative integer. Published as a string (wire-schema.ts).
 */
export function isIdJsonSchema(schema: unknown): boolean {
  const options = (schema as { anyOf?: unknown[] } | null)?.anyOf;
  if (!Array.isArray(options) || options.length !== 2) return false;
  const [text, number] = options as Record<string, unknown>[];
  const textKeys = Object.keys(text ?? {}).filter((key) => key !== 'pattern' && key !== 'minLength');
  const numberKeys = Object.keys(number ?? {}).filter((key) => key !== 'maximum');
  return (
    text?.type === 'string' &&
    (text.pattern === undefined || text.pattern === ID_PATTERN) &&
    (text.minLength === undefined || text.minLength === 1) &&
    textKeys.length === 1 &&
    number?.type === 'integer' &&
    number.minimum === 0 &&
    numberKeys.length === 2
  );
}
