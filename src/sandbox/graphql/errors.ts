// Error shapes of the platform (platform-contract.md "Error shapes"): GraphQL errors with
// extensions.code for queries and requests, and `{success:false, errors, errorCodes}` keyed by
// input path for rule violations in mutations.

import { GraphQLError } from 'graphql';

export type MutationErrorCode = 'VALIDATION_FAILED' | 'ITEM_NOT_FOUND' | 'AMBIGUOUS';

export function graphqlError(
  message: string,
  code: string,
  extra: Record<string, unknown> = {},
): GraphQLError {
  return new GraphQLError(message, { extensions: { code, ...extra } });
}

/** A query asked for an id that does not exist in the caller's company. */
export function notFound(message: string): GraphQLError {
  return graphqlError(message, 'NOT_FOUND');
}

export function badUserInput(message: string, field: string): GraphQLError {
  return graphqlError(message, 'BAD_USER_INPUT', { field });
}

/** Collects rule violations of one mutation, keyed by input path ("jobs.0.roles.1.breakPeriod"). */
export class MutationErrors {
  private readonly messages = new Map<string, string[]>();
  private readonly codes = new Map<string, MutationErrorCode>();

  add(path: string, message: string, code: MutationErrorCode = 'VALIDATION_FAILED'): void {
    const list = this.messages.get(path) ?? [];
    list.push(message);
    this.messages.set(path, list);
    // The first code for a path wins: it names the first thing to fix.
    if (!this.codes.has(path)) this.codes.set(path, code);
  }

  notFound(path: string, message: string): void {
    this.add(path, message, 'ITEM_NOT_FOUND');
  }

  get any(): boolean {
    return this.messages.size > 0;
  }

  /** The failure answer: nothing was written. */
  failure<T extends object>(empty: T): { success: false; errors: object; errorCodes: object } & T {
    return {
      success: false,
      errors: Object.fromEntries(this.messages),
      errorCodes: Object.fromEntries(this.codes),
      ...empty,
    };
  }
}

export function joinPath(...parts: (string | number)[]): string {
  return parts.filter((p) => p !== '').join('.');
}
