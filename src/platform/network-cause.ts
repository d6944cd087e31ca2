// Why a fetch failed, in words an operator can act on. Node's fetch rejects with a bare
// "fetch failed" TypeError and keeps the reason (DNS, TLS, a refused connection) in `cause`;
// every message that reports a failed fetch reads it here, so none says "fetch failed" alone.

/** Codes of the causes an operator meets, and what each means. */
const MEANINGS: Record<string, string> = {
  ECONNREFUSED: 'connection refused: nothing listens there',
  ENOTFOUND: 'host not found (DNS)',
  EAI_AGAIN: 'DNS lookup failed for now',
  ECONNRESET: 'connection reset',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  UND_ERR_SOCKET: 'the connection closed early',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'TLS: self-signed certificate',
  SELF_SIGNED_CERT_IN_CHAIN: 'TLS: self-signed certificate in the chain',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'TLS: certificate not verifiable (missing intermediate?)',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'TLS: certificate issuer unknown',
  CERT_HAS_EXPIRED: 'TLS: certificate expired',
  ERR_TLS_CERT_ALTNAME_INVALID: 'TLS: the certificate does not name this host',
  EPROTO: 'TLS handshake failed (plain HTTP on an https URL?)',
  ERR_SSL_WRONG_VERSION_NUMBER: 'TLS handshake failed (plain HTTP on an https URL?)',
};

interface WithCause {
  name?: string;
  code?: string;
  message?: string;
  cause?: unknown;
}

/** The innermost error code of `error` (fetch's cause, or an AggregateError's first). */
export function networkCode(error: unknown): string | undefined {
  let current = error as WithCause | undefined;
  let code: string | undefined;
  for (let depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    if (typeof current.code === 'string') code = current.code;
    const errors = (current as { errors?: unknown[] }).errors;
    current = (current.cause ?? (Array.isArray(errors) ? errors[0] : undefined)) as WithCause | undefined;
  }
  return code;
}

/** "connection refused: nothing listens there (ECONNREFUSED)", "timed out", or the message. */
export function networkCause(error: unknown): string {
  const failure = error as WithCause | undefined;
  if (failure?.name === 'TimeoutError' || failure?.name === 'AbortError') return 'timed out';
  const code = networkCode(error);
  if (code) return `${MEANINGS[code] ?? 'network error'} (${code})`;
  const inner = (failure?.cause as WithCause | undefined)?.message;
  return inner ?? failure?.message ?? String(error);
}

/** An error's message, with a failed fetch's cause in place of the bare "fetch failed". */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.message === 'fetch failed' ? `fetch failed: ${networkCause(error)}` : error.message;
}
