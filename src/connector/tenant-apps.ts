// One application context per tenant: its own platform client (one token with its single flight,
// its caches), lookups, resource surface, granted scopes, tool selection and event log. Grants of
// one tenant share it; tenants share nothing. The contexts are kept in a bounded LRU: past the
// limit the least recently used tenant's context is closed and its memory released, and the next
// call opens it again from the store.
import type { Config } from '../config.js';
import { schemaModel } from '../contract/schema-model.js';
import { instructions } from '../instructions.js';
import type { Logger } from '../logger.js';
import { createLookups, invalidateAfterWrite, invalidateOnEvent } from '../lookups/index.js';
import { viewDomainsOf } from '../mcp/app-views.js';
import type { ToolDefinition } from '../mcp/define-tool.js';
import type { InFlightCalls } from '../mcp/in-flight.js';
import { adaptToLiveSchema } from '../mcp/live-schema.js';
import type { Observers } from '../observer.js';
import { tokenUrlFor } from '../platform/auth.js';
import { createPlatform } from '../platform/client.js';
import { AuthError } from '../platform/errors.js';
import { createContextSurface } from '../resources/index.js';
import { type AppContext, chosenByConfig, selectTools } from '../server.js';
import type { Store } from '../store/index.js';
import type { Tenant } from '../store/tenants.js';
import { registerEventsResource } from '../webhooks/events-resource.js';

export interface TenantContext extends AppContext {
  readonly tenantKey: string;
  /** The grant whose secret this context's platform client holds. */
  readonly grantId: string;
  close(): void;
}

export interface TenantAppsOptions {
  config: Config;
  store: Store;
  tools: ToolDefinition[];
  calls: InFlightCalls;
  logger: Logger;
  maxTenants: number;
  /** The metrics: each tenant reports under its own company label. */
  observers?: Observers;
  /** The clock each tenant's platform client ages its tokens by (AppOptions.now); default Date.now. */
  now?: () => number;
  /** The platform refused the key of `grantId` (its secret was reset or deleted). */
  onKeyRefused(tenantKey: string, grantId: string): void;
  /** A write tool ran for the tenant (replicas: the others drop their stale reads). */
  afterWrite?: (tenantKey: string) => Promise<void>;
}

/** What a call learns once the platform refused its connection's key: the user must connect again. */
export const RECONNECT_MESSAGE =
  "The platform refused this connection's API key (its secret was reset or deleted): reconnect crew-mcp";

async function openTenant(
  options: TenantAppsOptions,
  tenant: Tenant,
  grantId: string,
  secret: string,
): Promise<TenantContext> {
  const { config, tools, afterWrite } = options;
  const logger = options.logger.child({ tenant: tenant.key });
  const observer = options.observers?.forCompany(tenant.key);
  const platform = createPlatform({
    credentials: {
      clientId: tenant.platformClientId,
      clientSecret: secret,
      tokenUrl: tokenUrlFor(tenant.authUrl, tenant.realm),
    },
    apiUrl: tenant.apiUrl,
    timeoutMs: config.timeoutMs,
    logger,
    now: options.now,
    observer,
    // Also when the context is open and its token expires: the grant is marked, the context
    // closed, and this call (and every next one) says to reconnect, not to edit a setting.
    onKeyRefused: () => {
      options.onKeyRefused(tenant.key, grantId);
      return new AuthError(RECONNECT_MESSAGE);
    },
  });
  // The token first: a refused key (a reset secret) fails here, before anything else is built.
  const grantedScopes = await platform.tokens.getScopes();
  // Each company's platform is checked on its own: its documents adapted, its missing operations'
  // tools not listed, its enum values offered (another tenant's schema says nothing of this one).
  const schemaPlan = await adaptToLiveSchema(platform, tools, logger);
  const selection = selectTools(schemaPlan?.tools ?? tools, config, grantedScopes, schemaPlan?.unavailable);
  const lookups = createLookups(platform, logger, options.now);
  const events = await options.store.events.of(tenant.key);
  const surface = createContextSurface(platform, logger, undefined, {
    allows: (toolset) => tools.some((tool) => tool.toolset === toolset && chosenByConfig(tool, config)),
    listedTools: selection.listed.map((tool) => tool.name),
    knownTools: tools.map((tool) => tool.name),
    viewDomains: viewDomainsOf(config),
  });
  const stopInvalidating = events.onAppend((event) => invalidateOnEvent(lookups, event.type));
  return {
    tenantKey: tenant.key,
    grantId,
    config,
    platform,
    lookups,
    events,
    // In the store, under the tenant's key: any replica finds a plan, no other company does.
    keptPlans: options.store.keptPlans(tenant.key),
    logger,
    selection,
    instructions,
    transport: 'http',
    calls: options.calls,
    now: options.now,
    observer,
    grantedScopes,
    afterWrite: afterWrite && (() => afterWrite(tenant.key)),
    get schema() {
      return schemaPlan?.schema ?? schemaModel();
    },
    registerSurface(server, instance) {
      if (selection.listed.some((tool) => tool.toolset === 'events')) {
        registerEventsResource(server, events, instance.longLived);
      }
      surface.register(server);
    },
    close: stopInvalidating,
  };
}

export class TenantApps {
  private readonly open = new Map<string, TenantContext>();
  private readonly opening = new Map<string, Promise<TenantContext>>();

  constructor(private readonly options: TenantAppsOptions) {}

  get size(): number {
    return this.open.size;
  }

  /** The tenant's context, opened with `grantId`'s secret when it is not open. */
  async get(tenantKey: string, grantId: string): Promise<TenantContext> {
    const found = this.open.get(tenantKey);
    if (found) {
      // Most recently used last: the Map's order is the LRU order.
      this.open.delete(tenantKey);
      this.open.set(tenantKey, found);
      return found;
    }
    let pending = this.opening.get(tenantKey);
    if (!pending) {
      pending = this.load(tenantKey, grantId).finally(() => this.opening.delete(tenantKey));
      this.opening.set(tenantKey, pending);
    }
    return pending;
  }

  private async load(tenantKey: string, grantId: string): Promise<TenantContext> {
    const tenant = await this.options.store.tenants.get(tenantKey);
    const secret = await this.options.store.tenants.grantSecret(grantId);
    if (!tenant || !secret) throw new GrantUnusableError();
    const context = await openTenant(this.options, tenant, grantId, secret);
    this.open.set(tenantKey, context);
    while (this.open.size > this.options.maxTenants) {
      const [idlest, idle] = this.open.entries().next().value as [string, TenantContext];
      idle.close();
      this.open.delete(idlest);
      this.options.logger.debug({ tenant: idlest }, 'connector: idle tenant closed');
    }
    return context;
  }

  /** Another replica wrote for the tenant, or its notices were missed (no key: every tenant). */
  dropStaleReads(tenantKey?: string): void {
    if (tenantKey === undefined) {
      for (const context of this.open.values()) invalidateAfterWrite(context.lookups);
      return;
    }
    const context = this.open.get(tenantKey);
    if (context) invalidateAfterWrite(context.lookups);
  }

  /** Close a tenant's context (its grant was revoked or needs reconnection). */
  evict(tenantKey: string): void {
    this.open.get(tenantKey)?.close();
    this.open.delete(tenantKey);
  }

  closeAll(): void {
    for (const context of this.open.values()) context.close();
    this.open.clear();
  }
}

/** The grant has no usable platform secret: revoked, or marked for reconnection. */
export class GrantUnusableError extends Error {
  constructor() {
    super('This connection was revoked or needs to be made again.');
  }
}
