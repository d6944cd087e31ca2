// The refusals of the MCP layer: a tool's input the caller can fix, and a call refused by the
// server's own policy. Neither reaches the platform; the error boundary (server.ts, format-error.ts)
// turns them into `isError` results. The platform client's own errors stay in src/platform.
import { CrewError, type FieldProblem } from '../platform/errors.js';

/** The caller (model) can fix this by changing its input. Nothing was sent upstream. */
export class UserInputError extends CrewError {
  readonly kind = 'user_input';
  constructor(
    message: string,
    readonly problems: FieldProblem[] = [],
  ) {
    super(message);
  }
}

/** The call was refused by policy (read-only mode, a missing confirmation). */
export class PolicyError extends CrewError {
  readonly kind = 'policy';
}
