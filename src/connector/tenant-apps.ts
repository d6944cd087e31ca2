// One context per tenant (openContext, src/context.ts): its own platform client (one token with
// its single flight, its caches), lookups, resource surface, granted scopes, tool selection, event
// log and kept plans. Grants of one tenant share it; tenants share nothing; a call reaches its
// tenant's context only as a TenantCaller (admit). The contexts are kept in a bounded LRU: past the
// limit the least recently used tenant's context is closed and its memory released, and the next
// call opens it again from the store.
import type { AuthInfo } from '@modelcontextprotocol/server';
import type { Config } from '../config.js';
import { openContext, type ServedContext } from '../context.js';
import type { Logger } from '../logger.js';
import type { ToolDefinition } from '../mcp/define-tool.js';
import type { InFlightCalls } from '../mcp/in-flight.js';
import type { Observers } from '../observer.js';
import { AuthError } from '../platform/errors.js';
import type { Store } from '../store/index.js';
import type { Tenant } from '../store/tenants.js';
import { registerEventsResource } from '../webhooks/events-resource.js';
import { tenantPlatform } from './tenant-platform.js';

/** A company's context: what each call of that company is served from, and that company's only. */
export interface TenantContext extends ServedContext {
  readonly tenantKey: string;
  /** The grant whose secret this context's platform client holds. */
  readonly grantId: string;
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
  /** The clock of each company's context (AppOptions.now): its tools, plans and tokens. */
  now: () => number;
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
  const { config, afterWrite, now } = options;
  const logger = options.logger.child({ tenant: tenant.key });
  const observer = options.observers?.forCompany(tenant.key);
  const platform = tenantPlatform(tenant, secret, {
    timeoutMs: config.timeoutMs,
    logger,
    now,
    observer,
    // Also when the context is open and its token expires: the grant is marked, the context
    // closed, and this call (and every next one) says to reconnect, not to edit a setting.
    onKeyRefused: () => {
      options.onKeyRefused(tenant.key, grantId);
      return new AuthError(RECONNECT_MESSAGE);
    },
  });
  const events = await options.store.events.of(tenant.key);
  const context = await openContext({
    config,
    logger,
    transport: 'http',
    platform,
    // A refused key (a reset secret) fails the opening: the caller is told to reconnect.
    scopesRequired: true,
    // Each company's platform is checked on its own: another company's schema says nothing of this one.
    liveSchema: {},
    tools: options.tools,
    events: {
      log: events,
      register: (server, longLived) => registerEventsResource(server, events, longLived),
    },
    // In the store, under the tenant's key: any replica finds a plan, no other company does.
    keptPlans: options.store.keptPlans(tenant.key),
    calls: options.calls,
    now,
    observer,
    afterWrite: afterWrite && (() => afterWrite(tenant.key)),
  });
  return Object.assign(context, { tenantKey: tenant.key, grantId });
}

/** Where an admitted caller's context is kept: on the caller itself, under a key no one else has. */
const SERVED_FROM = Symbol('crew-mcp: the context of the company this caller was admitted for');

/**
 * A caller admitted for its company. Only admit() makes one, from the context that the caller's
 * own tenant key opened, and its tenant key is that context's: a company's call is served from
 * that company's context, and its listen streams hear that company's updates, one fact not two.
 */
export interface TenantCaller extends AuthInfo {
  readonly [SERVED_FROM]: TenantContext;
  readonly extra: NonNullable<AuthInfo['extra']> & { tenantKey: string };
}

export function admit(caller: AuthInfo, context: TenantContext): TenantCaller {
  return {
    ...caller,
    extra: { ...caller.extra, tenantKey: context.tenantKey },
    [SERVED_FROM]: context,
  };
}

function isAdmitted(caller: AuthInfo | undefined): caller is TenantCaller {
  return caller !== undefined && Object.hasOwn(caller, SERVED_FROM);
}

/** The context an admitted caller is served from; null for a caller never admitted (no token). */
export function admittedContext(caller: AuthInfo | undefined): TenantContext | null {
  return isAdmitted(caller) ? caller[SERVED_FROM] : null;
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
      for (const context of this.open.values()) context.dropStaleReads();
      return;
    }
    this.open.get(tenantKey)?.dropStaleReads();
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
