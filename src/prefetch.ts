// What a server against a live platform waits for on the network at start, begun by the CLI
// before it loads the rest of the server: the access token (whose scopes choose the tools) and
// the platform's schema, read by introspection (which every tool is checked against). Both round
// trips then overlap some 100 ms of module loading instead of following it. The app (app.ts)
// takes the platform client and the schema from here; their failures are reported there, as
// when it asks itself.
import type { GraphQLSchema } from 'graphql';
import type { Config } from './config.js';
import type { Logger } from './logger.js';
import type { Observer } from './observer.js';
import { tokenUrlFor } from './platform/auth.js';
import { createPlatform, type Platform } from './platform/client.js';
import { fetchLiveSchema } from './platform/introspection.js';

export interface Prefetched {
  platform: Platform;
  /** The live schema, introspected once the token came. */
  liveSchema: Promise<GraphQLSchema>;
}

/**
 * Null when there is nothing to begin: no live platform, or tool names the app must check first
 * (a configuration error is reported before anything reaches the network).
 */
export function prefetch(config: Config, logger: Logger, observer?: Observer): Prefetched | null {
  const upstream = config.upstream;
  if (upstream.kind !== 'live' || config.tools || config.excludeTools.length > 0) return null;
  const platform = createPlatform({
    credentials: {
      clientId: upstream.clientId,
      clientSecret: upstream.clientSecret,
      tokenUrl: tokenUrlFor(upstream.authUrl, upstream.realm),
    },
    apiUrl: upstream.apiUrl,
    timeoutMs: config.timeoutMs,
    logger,
    observer,
  });
  const liveSchema = platform.tokens.getToken().then(() => fetchLiveSchema(platform.graphql));
  // Awaited by the app, which reports a failure; until then it must not count as unhandled.
  liveSchema.catch(() => undefined);
  return { platform, liveSchema };
}
