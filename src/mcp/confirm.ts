// Asking before a write that changes something the caller did not ask for (a role's pay as a side
// effect, §4.4 rules 4, 6, 7). A checker says what needs confirming (src/rules/verdict.ts
// Confirmation); here it is asked. A client that can elicit gets the question itself, so that a
// person answers, not the model; with any other client the model must pass the tool's confirm
// argument after telling the user. The elicitation is the SDK's write-once form: `inputRequired`
// on the first pass, the answer read from `inputResponses` when the handler runs again.
import {
  acceptedContent,
  type InputRequiredResult,
  inputRequired,
  inputResponse,
} from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { Confirmation } from '../rules/verdict.js';
import type { ToolContext } from './define-tool.js';
import { PolicyError, UserInputError } from './errors.js';
import { toProblem } from './write-result.js';

const confirmSchema = z.object({ confirm: z.boolean().describe('Go ahead') });

export interface ConfirmationRequest {
  /** The mutation, for the refusal ("updateJobs not sent: ..."). */
  what: string;
  /** The tool's confirm argument, e.g. `confirmLegacyBreakChange`. */
  argument: string;
  /** The caller passed the confirm argument as true. */
  confirmedByArgument: boolean;
}

/** The refusal when no confirmation was given: each affected item and how to confirm. */
function unconfirmed(confirmation: Confirmation, request: ConfirmationRequest): UserInputError {
  return new UserInputError(
    `${request.what} not sent: ${confirmation.summary}. Tell the user what changes below; if they agree, call again with ${request.argument}: true.`,
    confirmation.items.map((item) => {
      const problem = toProblem(item);
      return { ...problem, fix: `${problem.fix} Then repeat the call with ${request.argument}: true.` };
    }),
  );
}

/**
 * 'go' when nothing needs confirming or it was confirmed; an input-required result to return when
 * the client must ask; throws when the user declined or, without elicitation, the argument is missing.
 */
export function confirmOrAsk(
  ctx: ToolContext,
  confirmation: Confirmation | undefined,
  request: ConfirmationRequest,
): 'go' | InputRequiredResult {
  if (!confirmation) return 'go';
  if (!ctx.canElicit) {
    if (request.confirmedByArgument) return 'go';
    throw unconfirmed(confirmation, request);
  }
  const responses = ctx.mcp.mcpReq.inputResponses;
  if (inputResponse(responses, 'confirm').kind === 'missing') {
    return inputRequired({
      inputRequests: {
        confirm: inputRequired.elicit({ message: confirmation.question, requestedSchema: confirmSchema }),
      },
    });
  }
  if (acceptedContent(responses, 'confirm', confirmSchema)?.confirm === true) return 'go';
  throw new PolicyError('The user did not confirm the change, so nothing was sent to the platform.');
}
