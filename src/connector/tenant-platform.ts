// A company's platform client, made in one place: from where its platform is (TenantPlace: auth
// URL, realm, API URL, client id) and the secret of one of its grants. The key check on the
// connect page, the company's context and its webhook subscription all reach the platform so.
import type { Logger } from '../logger.js';
import { tokenUrlFor } from '../platform/auth.js';
import { createPlatform, type Platform, type PlatformOptions } from '../platform/client.js';
import type { TenantPlace } from '../store/tenants.js';

export interface TenantPlatformOptions {
  timeoutMs: number;
  logger: Logger;
  /** The clock the client ages its tokens by; default Date.now. */
  now?: () => number;
  /** The platform refused the key: the error each call then gets. */
  onKeyRefused?: PlatformOptions['onKeyRefused'];
  /** Told of each platform request (the metrics, under the company's label). */
  observer?: PlatformOptions['observer'];
}

export function tenantPlatform(place: TenantPlace, secret: string, options: TenantPlatformOptions): Platform {
  return createPlatform({
    credentials: {
      clientId: place.platformClientId,
      clientSecret: secret,
      tokenUrl: tokenUrlFor(place.authUrl, place.realm),
    },
    apiUrl: place.apiUrl,
    ...options,
  });
}
