// Errors of resource reads. A tool call reports failures as an `isError` result; a resource read
// can only fail as a JSON-RPC error, so the same error families become protocol errors here,
// with the same model-facing text (src/tooling/format-error.ts): an unknown id is "resource not
// found" (naming how to find a valid one), a missing scope names the scope, and anything
// unexpected is logged and reported without details.
import { ProtocolError, ProtocolErrorCode, ResourceNotFoundError } from '@modelcontextprotocol/server';
import type { Logger } from '../logger.js';
import { UserInputError } from '../mcp/errors.js';
import { formatError } from '../mcp/format-error.js';
import { CrewError, ForbiddenError, NotFoundError } from '../platform/errors.js';

/** An unknown id in a resource URI: `hint` says where valid ids are listed. */
export function unknownResource(uri: string, what: string, hint: string): ResourceNotFoundError {
  return new ResourceNotFoundError(uri, `${uri}: ${what}. ${hint}`);
}

export function toResourceError(error: unknown, uri: string, logger: Logger): Error {
  if (error instanceof ProtocolError) return error;
  if (error instanceof NotFoundError) return new ResourceNotFoundError(uri, `${uri}: ${error.message}`);
  if (error instanceof CrewError) {
    const code =
      error instanceof UserInputError
        ? ProtocolErrorCode.InvalidParams
        : error instanceof ForbiddenError
          ? ProtocolErrorCode.InvalidRequest
          : ProtocolErrorCode.InternalError;
    return new ProtocolError(code, `Cannot read ${uri}: ${formatError(error).text}`);
  }
  logger.error({ err: error, uri }, 'resource read failed');
  return new ProtocolError(
    ProtocolErrorCode.InternalError,
    `crew-mcp hit an unexpected error while reading ${uri} (it was logged).`,
  );
}

/** Run a read, turning its failure into a protocol error that names the resource. */
export async function guardRead<T>(uri: string, logger: Logger, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw toResourceError(error, uri, logger);
  }
}
