// The connector's store, and what its replicas tell each other through it. On a PostgreSQL server
// (--store postgres://...) several connector processes behind a load balancer share everything
// that must outlive one of them: tenants, grants, the authorization server's records, keys
// waiting for consent, each tenant's event log and the rate limit. What each keeps alone (open
// tenant contexts, cached access tokens and reads) it drops when another replica's notice says
// it is stale. The embedded store (PGlite) is one process's alone: no bus.
import type { Config, ConnectorConfig } from '../config.js';
import { ConfigError } from '../config.js';
import type { Logger } from '../logger.js';
import type { Observer } from '../observer.js';
import type { ReplicaBus } from '../store/bus.js';
import { openStore, type Store } from '../store/index.js';
import type { TokenCache } from './adapter.js';
import type { StoreKeys } from './keys.js';
import type { TenantApps } from './tenant-apps.js';

const DAY_MS = 24 * 3600 * 1000;

export interface ConnectorStore {
  store: Store;
  /** Null with the embedded store. */
  bus: ReplicaBus | null;
}

export async function openConnectorStore(
  config: Config,
  connector: ConnectorConfig,
  keys: StoreKeys,
  dataDir: string | null,
  logger: Logger,
  /** Told of store round trips and LISTEN reconnects (the metrics). */
  observer?: Observer,
): Promise<ConnectorStore> {
  let bus: ReplicaBus | null = null;
  try {
    if (connector.storeUrl) {
      bus = await (await import('../store/bus.js')).ReplicaBus.open(connector.storeUrl, logger, observer);
    }
    const store = await openStore({
      url: connector.storeUrl,
      dataDir,
      box: keys.box,
      bus,
      logger,
      eventsMaxAgeMs: config.security.eventsMaxAgeDays * DAY_MS,
      eventsMaxBytes: config.security.eventsMaxBytes,
      discardUnreadableSecrets: connector.discardUnreadableSecrets,
      observer,
    });
    return { store, bus };
  } catch (error) {
    await bus?.close();
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(
      `The store could not be opened (${connector.storeUrl ? '--store' : `--data-dir ${dataDir}`}): ${reason.replace(/postgres(ql)?:\/\/[^\s]*/g, 'postgres://...')}`,
    );
  }
}

/**
 * Act on the other replicas' notices: a write (this replica's reads of that tenant are stale), a
 * grant gone (its tokens cached here, and the tenant's context with its secret, go). Notices
 * missed while the bus was down: every cache goes (tokens are looked up again). Returns the stop.
 */
export function hearOtherReplicas(bus: ReplicaBus, tenants: TenantApps, tokens: TokenCache): () => void {
  const stops = [
    bus.onMessage((message) => {
      if (message.kind === 'write') tenants.dropStaleReads(message.tenant);
      if (message.kind === 'grant-gone') {
        tokens.forgetGrant(message.grant);
        tenants.evict(message.tenant);
      }
    }),
    bus.onResync(() => {
      tokens.entries.clear();
      tenants.dropStaleReads();
    }),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
