// Turns a thrown error into the text a model reads in an `isError` result: what happened, which
// field, how to fix it. Unknown errors are logged in full and shown without details, so that
// nothing internal (or secret) leaks into a model's context. The tool's own hints (which read
// tool checks a write, which finds a valid id) are added here, at the one boundary.
import {
  CrewError,
  type FieldProblem,
  ForbiddenError,
  NotFoundError,
  OutcomeUnknownError,
  RateLimitError,
  ValidationError,
} from '../platform/errors.js';
import { RESULT_TOKEN_LIMIT } from './budget.js';
import { UserInputError } from './errors.js';
import { CHECKED_NOT_FOUND, lookupHint } from './lookup-hints.js';

/** An error is shorter than any result may be: past this, its text is cut (a fuzzed 4 MB echo). */
const ERROR_TEXT_LIMIT = RESULT_TOKEN_LIMIT;

function capped(text: string): string {
  return text.length <= ERROR_TEXT_LIMIT
    ? text
    : `${text.slice(0, ERROR_TEXT_LIMIT)}\n… (${text.length - ERROR_TEXT_LIMIT} more characters cut)`;
}

export interface FormattedError {
  kind: string;
  text: string;
  /** An unexpected error (a bug or an unknown upstream behaviour), logged with its stack. */
  internal: boolean;
  /** The platform rules each refused field breaks, by their place in the document (structured data). */
  rules?: { path: string; code?: string; rule: string }[];
}

/** The rule references of a refusal's problems, for the result's structured data. */
function rulesOf(problems: readonly FieldProblem[]): FormattedError['rules'] {
  const rules = problems.flatMap((problem) =>
    problem.rule
      ? [{ path: problem.path, ...(problem.code ? { code: problem.code } : {}), rule: problem.rule }]
      : [],
  );
  return rules.length ? rules : undefined;
}

/** What the failing tool knows that the error does not. */
export interface ErrorHints {
  /** The read tool that shows whether a write happened. */
  checkWith?: string;
  /** The read tool that finds a valid id. */
  lookupTool?: string;
}

function problemLine(problem: FieldProblem): string {
  const code = problem.code ? ` [${problem.code}]` : '';
  const fix = problem.fix ? ` Fix: ${problem.fix}` : '';
  return `- ${problem.path}: ${problem.message}${code}${fix}`;
}

/**
 * Field problems, each with the read tool that finds a valid value where one does: the platform's
 * not-found and ambiguous answers, and the checks' unknown ids (whose fix names no tool).
 */
function withLookupHints(
  problems: readonly FieldProblem[],
  applies: (problem: FieldProblem) => boolean = () => true,
): FieldProblem[] {
  return problems.map((problem) => {
    const hint = applies(problem) ? lookupHint(problem.path, problem.code) : undefined;
    if (!hint || problem.fix?.includes(hint)) return problem;
    return { ...problem, fix: problem.fix ? `${problem.fix} ${hint}` : hint };
  });
}

export function formatError(error: unknown, hints: ErrorHints = {}): FormattedError {
  if (error instanceof CrewError) {
    const lines = [error.message];
    let rules: FormattedError['rules'];
    if (error instanceof UserInputError || error instanceof ValidationError) {
      const problems =
        error instanceof UserInputError
          ? withLookupHints(error.problems, (problem) => CHECKED_NOT_FOUND.includes(problem.code ?? ''))
          : withLookupHints(error.fields);
      // The message already says it when there is a single problem with the same text.
      if (!(problems.length === 1 && error.message.includes(problems[0]?.message ?? '\u0000'))) {
        lines.push(...problems.map(problemLine));
      } else if (problems[0]?.fix && !error.message.includes(problems[0].fix)) {
        lines.push(`Fix: ${problems[0].fix}`);
      }
      rules = rulesOf(problems);
      // A refusal may follow reads (the facts a check needed), never a write: say what the model needs to know.
      if (error instanceof UserInputError) lines.push('Nothing was changed on the platform.');
    }
    if (error instanceof NotFoundError && hints.lookupTool && !error.message.includes(hints.lookupTool)) {
      lines.push(`Use ${hints.lookupTool} to find a valid id.`);
    }
    if (error instanceof OutcomeUnknownError) {
      lines.push(
        `Check with ${hints.checkWith ?? 'a read tool'} whether the change is there before trying again.`,
      );
    }
    if (error instanceof RateLimitError && error.retryAfterSeconds === undefined) {
      lines.push('Wait a little before calling again.');
    }
    if (error instanceof ForbiddenError && error.requiredScope)
      lines.push(`requiredScope: ${error.requiredScope}`);
    return { kind: error.kind, text: capped(lines.join('\n')), internal: false, ...(rules ? { rules } : {}) };
  }
  return {
    kind: 'internal',
    text: 'crew-mcp hit an unexpected error while running this tool (it was logged). If the tool changes data, check with a read tool whether the change happened before trying again.',
    internal: true,
  };
}
