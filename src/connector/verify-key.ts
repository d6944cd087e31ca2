// A platform API key entered on one of the connector's pages (connect, disconnect), checked the
// only way that proves it: a token from the platform's token endpoint and one GraphQL answer with
// it. A failure names the form field to blame (wrong secret, realm, or host), never a stack trace.
import type { IncomingMessage } from 'node:http';
import type { AddressOf } from '../client-address.js';
import { isLoopbackHost } from '../config.js';
import type { Logger } from '../logger.js';
import { AuthError, CrewError } from '../platform/errors.js';
import type { RateCounter } from '../rate-limit.js';
import type { TenantPlace } from '../store/tenants.js';
import { tenantPlatform } from './tenant-platform.js';

export interface PlatformDefaults {
  authUrl: string;
  realm: string;
  apiUrl: string;
}

export interface VerifiedKey {
  place: TenantPlace;
  secret: string;
  platformScopes: string[];
}

/** A form field at fault and why, shown on the page beside that field (with the page's status). */
export class FieldError extends Error {
  constructor(
    readonly field: string,
    message: string,
    readonly status = 400,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** How many keys one address may have checked: each check asks the platform for a token. */
export const KEY_CHECKS_PER_MINUTE = 30;

export interface KeyVerifierOptions {
  defaults: PlatformDefaults;
  /** Platform URLs may be http on loopback (crew-mcp itself bound to loopback: tests, a laptop). */
  allowLoopbackPlatform: boolean;
  timeoutMs: number;
  logger: Logger;
  /** Key checks per address (KEY_CHECKS_PER_MINUTE): this process's, or the replicas' shared one. */
  keyChecks: RateCounter;
  addressOf: AddressOf;
}

/** The key form's values as entered (the secret never: it is typed again), for showing it again. */
export function enteredValues(form: URLSearchParams, defaults: PlatformDefaults) {
  return {
    clientId: form.get('platform_client_id') ?? '',
    authUrl: form.get('platform_auth_url') ?? defaults.authUrl,
    realm: form.get('platform_realm') ?? defaults.realm,
    apiUrl: form.get('platform_api_url') ?? defaults.apiUrl,
  };
}

export type KeyVerifier = (form: URLSearchParams, req: IncomingMessage) => Promise<VerifiedKey>;

export function keyVerifier(options: KeyVerifierOptions): KeyVerifier {
  const checkUrl = (field: string, value: string): string => {
    const url = URL.parse(value);
    const loopbackHttp =
      url?.protocol === 'http:' && options.allowLoopbackPlatform && isLoopbackHost(url.hostname);
    if (!url || (url.protocol !== 'https:' && !loopbackHttp)) {
      throw new FieldError(field, `must be an https URL such as https://api.example.com, got "${value}".`);
    }
    return value.replace(/\/+$/, '');
  };

  return async (form, req) => {
    // Our pages must not be an oracle for guessing a platform's secrets at our speed: each
    // address (its client's, behind trusted proxies) gets a few checks a minute, shared by replicas.
    const decision = await options.keyChecks.take(`key check ${options.addressOf(req)}`);
    if (!decision.allowed) {
      throw new FieldError(
        'platform_client_secret',
        `too many keys were checked from your address; try again in ${decision.retryAfterSeconds} s.`,
        429,
        { 'retry-after': String(decision.retryAfterSeconds) },
      );
    }
    const clientId = form.get('platform_client_id')?.trim() ?? '';
    const secret = form.get('platform_client_secret') ?? '';
    if (!clientId) throw new FieldError('platform_client_id', 'enter the API key client id.');
    if (!secret) throw new FieldError('platform_client_secret', 'enter the API key client secret.');
    const place: TenantPlace = {
      platformClientId: clientId,
      authUrl: checkUrl(
        'platform_auth_url',
        form.get('platform_auth_url')?.trim() || options.defaults.authUrl,
      ),
      realm: form.get('platform_realm')?.trim() || options.defaults.realm,
      apiUrl: checkUrl('platform_api_url', form.get('platform_api_url')?.trim() || options.defaults.apiUrl),
    };
    const platform = tenantPlatform(place, secret, { timeoutMs: options.timeoutMs, logger: options.logger });
    let platformScopes: string[];
    try {
      platformScopes = (await platform.tokens.getScopes()) ?? [];
    } catch (error) {
      const setting = error instanceof CrewError ? (error as AuthError).setting : undefined;
      if (setting === 'CREW_REALM')
        throw new FieldError('platform_realm', 'the platform has no such realm at this auth URL.');
      if (error instanceof AuthError) {
        throw new FieldError(
          'platform_client_secret',
          'the platform refused this client id and secret (wrong, or the secret was reset).',
        );
      }
      throw new FieldError('platform_auth_url', 'the token endpoint could not be reached at this auth URL.');
    }
    try {
      await platform.graphql.query('query { __typename }', {});
    } catch {
      throw new FieldError('platform_api_url', 'the platform API did not answer at this URL with this key.');
    }
    return { place, secret, platformScopes };
  };
}
