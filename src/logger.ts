// The one logger: pino JSON on stderr (stdout belongs to the MCP protocol in stdio mode).
// Secrets are redacted by key name wherever they appear in a logged object.
import { pino } from 'pino';

export const REDACT_PATHS = [
  'clientSecret',
  'client_secret',
  'secret',
  'token',
  'accessToken',
  'access_token',
  'authorization',
  'Authorization',
  '*.clientSecret',
  '*.client_secret',
  '*.secret',
  '*.token',
  '*.accessToken',
  '*.access_token',
  '*.authorization',
  '*.Authorization',
  'headers.authorization',
  '*.headers.authorization',
];

export type Logger = pino.Logger;

export function createLogger(level: string = process.env.CREW_LOG_LEVEL ?? 'info'): Logger {
  return pino(
    { name: 'crew-mcp', level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } },
    pino.destination({ fd: 2, sync: true }),
  );
}

/** A logger that drops everything, for tests and embedded use. */
export const silentLogger: Logger = pino({ level: 'silent' });
