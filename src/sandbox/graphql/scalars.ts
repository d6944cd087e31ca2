// Scalars of the contract: Time (ISO-8601 with an offset or Z), Date (YYYY-MM-DD) and Map (a
// JSON object). Bad values are refused at coercion, so they surface as request errors
// (BAD_USER_INPUT for variables, GRAPHQL_VALIDATION_FAILED for literals).

import { GraphQLError, Kind, type ValueNode, valueFromASTUntyped } from 'graphql';
import { DateTime } from 'luxon';
import { isValidDate } from './rules/wall-clock.js';

const TIME_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;

export function parseTime(value: unknown): string {
  if (
    typeof value !== 'string' ||
    !TIME_WITH_OFFSET.test(value) ||
    !DateTime.fromISO(value, { setZone: true }).isValid
  ) {
    throw new GraphQLError(
      `Time must be an ISO-8601 date-time with an offset or Z, e.g. 2026-12-01T18:00:00+01:00 (got ${JSON.stringify(value)})`,
    );
  }
  return value;
}

export function parseDate(value: unknown): string {
  if (typeof value !== 'string' || !isValidDate(value)) {
    throw new GraphQLError(`Date must be a calendar date YYYY-MM-DD (got ${JSON.stringify(value)})`);
  }
  return value;
}

export function parseMap(value: unknown): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new GraphQLError('Map must be a JSON object');
  }
  return value as Record<string, unknown>;
}

export function stringLiteral(parse: (value: unknown) => unknown) {
  return (ast: ValueNode) => parse(ast.kind === Kind.STRING ? ast.value : undefined);
}

export function mapLiteral(ast: ValueNode, variables?: { [key: string]: unknown } | null): unknown {
  return parseMap(valueFromASTUntyped(ast, variables ?? undefined));
}
