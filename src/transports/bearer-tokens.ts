// --auth bearer: static, named tokens for headless agents and small teams. Each entry is
// `name:token` or `name:token:read-only`, from CREW_AUTH_TOKENS (comma or newline separated) and/or
// a file (one per line, # comments). Tokens are kept only as SHA-256 digests and compared in
// constant time against every configured one; they are never logged, and a caller is known by
// the token's name.
import { createHash, timingSafeEqual } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import {
  type AuthInfo,
  OAuthError,
  OAuthErrorCode,
  type OAuthTokenVerifier,
} from '@modelcontextprotocol/server';
import { ConfigError } from '../config.js';
import type { Logger } from '../logger.js';
import { ALL_CLIENT_SCOPES, CLIENT_SCOPES } from '../mcp/client-scopes.js';

/** Shorter tokens can be guessed; `openssl rand -hex 32` makes a good one. */
export const MIN_TOKEN_LENGTH = 32;
/** Static tokens do not expire; the SDK's gate wants an expiry, so each check grants this long. */
const VERIFIED_FOR_SECONDS = 60 * 60;

interface StaticToken {
  name: string;
  digest: Buffer;
  readOnly: boolean;
}

const digest = (token: string) => createHash('sha256').update(token, 'utf8').digest();

/** Parse entries; errors name the source and the entry's name or line, never the token. */
export function parseTokens(text: string, source: string): StaticToken[] {
  const tokens: StaticToken[] = [];
  const entries = text.split(/[\n,]/).map((entry, index) => ({ entry: entry.trim(), line: index + 1 }));
  for (const { entry, line } of entries) {
    if (entry === '' || entry.startsWith('#')) continue;
    const [name = '', token = '', flag, ...extra] = entry.split(':');
    const where = `${source}, entry ${line}`;
    if (!/^[A-Za-z0-9._@-]{1,64}$/.test(name)) {
      throw new ConfigError(
        `${where}: a token entry is name:token[:read-only], with a name of letters, digits, . _ @ -.`,
      );
    }
    if (token.length < MIN_TOKEN_LENGTH || extra.length > 0 || (flag !== undefined && flag !== 'read-only')) {
      throw new ConfigError(
        `${where} ("${name}"): the token must be at least ${MIN_TOKEN_LENGTH} characters without ":" (e.g. openssl rand -hex 32), optionally followed by :read-only.`,
      );
    }
    if (tokens.some((known) => known.name === name))
      throw new ConfigError(`${where}: the name "${name}" is used twice.`);
    tokens.push({ name, digest: digest(token), readOnly: flag === 'read-only' });
  }
  return tokens;
}

/** Every configured token: the environment's and the file's. */
export async function loadTokens(
  tokens: string | null,
  tokensFile: string | null,
  logger: Logger,
): Promise<StaticToken[]> {
  const loaded = tokens ? parseTokens(tokens, 'CREW_AUTH_TOKENS') : [];
  if (tokensFile) {
    const text = await readFile(tokensFile, 'utf8').catch((error: NodeJS.ErrnoException) => {
      throw new ConfigError(
        `--auth-tokens-file ${tokensFile}: cannot read it (${error.code ?? error.message}).`,
      );
    });
    const info = await stat(tokensFile);
    if ((info.mode & 0o077) !== 0) {
      logger.warn({ file: tokensFile }, 'the bearer token file is readable by other users: chmod 600 it');
    }
    for (const token of parseTokens(text, tokensFile)) {
      if (loaded.some((known) => known.name === token.name)) {
        throw new ConfigError(`${tokensFile}: the name "${token.name}" is also in CREW_AUTH_TOKENS.`);
      }
      loaded.push(token);
    }
  }
  if (loaded.length === 0) throw new ConfigError('--auth bearer: no token is configured.');
  return loaded;
}

/** The SDK's verifier shape, over static tokens. */
export function staticTokenVerifier(tokens: readonly StaticToken[]): OAuthTokenVerifier {
  return {
    async verifyAccessToken(token: string): Promise<AuthInfo> {
      const given = digest(token);
      let match: StaticToken | undefined;
      // Every token is compared, whatever matched first: the time taken says nothing.
      for (const candidate of tokens) {
        if (timingSafeEqual(candidate.digest, given) && !match) match = candidate;
      }
      if (!match) throw new OAuthError(OAuthErrorCode.InvalidToken, 'Unknown token');
      return {
        token,
        clientId: match.name,
        scopes: match.readOnly ? [CLIENT_SCOPES.read] : [...ALL_CLIENT_SCOPES],
        expiresAt: Math.floor(Date.now() / 1000) + VERIFIED_FOR_SECONDS,
      };
    },
  };
}
