// Asking before a write that changes something the caller may not expect (a legacy role's pay,
// §4.4 rule 7). A client that can elicit gets the question itself, so that a person answers,
// not the model; with any other client the model must pass an explicit confirm argument after
// telling the user. The elicitation is the SDK's write-once form: `inputRequired` on the first
// pass, the answer read from `inputResponses` when the handler runs again.
import {
  acceptedContent,
  type InputRequiredResult,
  inputRequired,
  inputResponse,
} from '@modelcontextprotocol/server';
import { z } from 'zod';
import { PolicyError } from '../platform/errors.js';
import type { ToolContext } from './define-tool.js';

const confirmSchema = z.object({ confirm: z.boolean().describe('Go ahead') });

export interface ConfirmationRequest {
  /** What will happen, for the person asked. */
  message: string;
  /** The caller passed the confirm argument. */
  confirmedByArgument: boolean;
  /** Thrown when the client cannot elicit and the argument is missing. */
  refusal(): Error;
}

/** 'go' when confirmed; an input-required result to return when the client must ask; throws on a refusal. */
export function confirmOrAsk(ctx: ToolContext, request: ConfirmationRequest): 'go' | InputRequiredResult {
  if (!ctx.canElicit) {
    if (request.confirmedByArgument) return 'go';
    throw request.refusal();
  }
  const responses = ctx.mcp.mcpReq.inputResponses;
  if (inputResponse(responses, 'confirm').kind === 'missing') {
    return inputRequired({
      inputRequests: {
        confirm: inputRequired.elicit({ message: request.message, requestedSchema: confirmSchema }),
      },
    });
  }
  if (acceptedContent(responses, 'confirm', confirmSchema)?.confirm === true) return 'go';
  throw new PolicyError('The user did not confirm the change, so nothing was sent to the platform.');
}
