// Turns a thrown error into the text a model reads in an `isError` result: what happened, which
// field, how to fix it. Unknown errors are logged in full and shown without details, so that
// nothing internal (or secret) leaks into a model's context.
import {
  CrewError,
  type FieldProblem,
  ForbiddenError,
  NotFoundError,
  RateLimitError,
  UserInputError,
  ValidationError,
} from '../platform/errors.js';

export interface FormattedError {
  kind: string;
  text: string;
  /** An unexpected error (a bug or an unknown upstream behaviour), logged with its stack. */
  internal: boolean;
}

function problemLine(problem: FieldProblem): string {
  const code = problem.code ? ` [${problem.code}]` : '';
  const fix = problem.fix ? ` Fix: ${problem.fix}` : '';
  return `- ${problem.path}: ${problem.message}${code}${fix}`;
}

export function formatError(error: unknown): FormattedError {
  if (error instanceof CrewError) {
    const lines = [error.message];
    if (error instanceof UserInputError || error instanceof ValidationError) {
      const problems = error instanceof UserInputError ? error.problems : error.fields;
      // The message already says it when there is a single problem with the same text.
      if (!(problems.length === 1 && error.message.includes(problems[0]?.message ?? '\u0000'))) {
        lines.push(...problems.map(problemLine));
      } else if (problems[0]?.fix && !error.message.includes(problems[0].fix)) {
        lines.push(`Fix: ${problems[0].fix}`);
      }
      if (error instanceof UserInputError) lines.push('Nothing was sent to the platform.');
    }
    if (error instanceof NotFoundError && error.lookupTool && !error.message.includes(error.lookupTool)) {
      lines.push(`Use ${error.lookupTool} to find a valid id.`);
    }
    if (error instanceof RateLimitError && error.retryAfterSeconds === undefined) {
      lines.push('Wait a little before calling again.');
    }
    if (error instanceof ForbiddenError && error.requiredScope)
      lines.push(`requiredScope: ${error.requiredScope}`);
    return { kind: error.kind, text: lines.join('\n'), internal: false };
  }
  return {
    kind: 'internal',
    text: 'crew-mcp hit an unexpected error while running this tool (it was logged). If the tool changes data, check with a read tool whether the change happened before trying again.',
    internal: true,
  };
}
