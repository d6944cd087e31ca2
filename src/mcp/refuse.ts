// One way to refuse a tool's input: named fields, so that a swapped argument cannot give a wrong
// error without a type error (the four local helpers this replaces took their strings in three
// orders). The error boundary adds that nothing was changed on the platform.
import { UserInputError } from './errors.js';

export interface Refusal {
  /** The input path at fault as the caller wrote it, e.g. "places[2]" or "jobs[0].roles[1].startTime". */
  field: string;
  /** What is wrong, in words a model can act on. */
  problem: string;
  /** What to change, or which tool finds a valid value. */
  fix: string;
  /**
   * What did not happen, said after "<field>: <problem>." (e.g. "Nothing was uploaded.") where a
   * caller must know it; without it the problem alone is the message.
   */
  outcome?: string;
}

export function fieldError({ field, problem, fix, outcome }: Refusal): UserInputError {
  const message = outcome ? `${field}: ${problem}. ${outcome}` : problem;
  return new UserInputError(message, [{ path: field, message: problem, fix }]);
}

export function refuse(details: Refusal): never {
  throw fieldError(details);
}

/** The outcome an upload's refusal states: its caller may have read megabytes to send it. */
export const NOTHING_UPLOADED = 'Nothing was uploaded.';
