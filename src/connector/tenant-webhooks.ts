// Webhooks per tenant: on a tenant's first connection crew-mcp subscribes its platform to
// {public URL}/webhooks/{tenant key} with a secret of that tenant's own (sealed in the store);
// deliveries there are verified with that secret and stored in that tenant's log only. When the
// tenant's last grant goes, the subscription is deleted at the platform (with the key still held
// by that grant's context, before its secret is forgotten) and the secret with it. Replicas: the
// subscription and its secret are in the store, read at each delivery, so a tenant subscribed
// again through another replica (a new secret) is verified with the new one here too. No
// plaintext copy of a company's platform secret is held here: the one to unsubscribe with is kept
// sealed with the store's key, as the store keeps it, and opened only to unsubscribe.
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressOf } from '../client-address.js';
import type { Logger } from '../logger.js';
import { describeError } from '../platform/network-cause.js';
import type { Store } from '../store/index.js';
import type { Tenant } from '../store/tenants.js';
import { createWebhookReceiver, type WebhookHandler } from '../webhooks/receiver.js';
import { createSubscription, deleteSubscription } from '../webhooks/subscription.js';
import { tenantPlatform } from './tenant-platform.js';

export interface TenantWebhooksOptions {
  store: Store;
  logger: Logger;
  publicBase: () => string;
  allowUnsigned: boolean;
  addressOf: AddressOf;
}

const TENANT_KEY = /^t[a-z0-9]{8,40}$/;
/** What the secret to unsubscribe with is sealed for (a context of its own: no stored row opens it). */
export const UNSUBSCRIBE_CONTEXT = 'unsubscribe-with:';

/** A receiver, and which webhook secret it verifies with (a digest: the receiver holds the secret). */
interface Receiver {
  secretDigest: string;
  receive: WebhookHandler;
}

const digestOf = (secret: string): string => createHash('sha256').update(secret).digest('base64url');

export function createTenantWebhooks(options: TenantWebhooksOptions): TenantWebhooks {
  return new TenantWebhooks(options);
}

export class TenantWebhooks {
  /** A receiver per tenant, for the webhook secret it verifies with. */
  private readonly receivers = new Map<string, Receiver>();
  /**
   * The platform secret of the grant connected last (or proven on the disconnect page), per
   * tenant, sealed: the one to unsubscribe with once the tenant's last grant goes.
   */
  private readonly lastSecretSealed = new Map<string, string>();

  constructor(private readonly options: TenantWebhooksOptions) {}

  private platformOf(tenant: Tenant, secret: string) {
    return tenantPlatform(tenant, secret, { timeoutMs: 10_000, logger: this.options.logger });
  }

  private remember(tenantKey: string, secret: string): void {
    this.lastSecretSealed.set(
      tenantKey,
      this.options.store.box.seal(secret, UNSUBSCRIBE_CONTEXT + tenantKey),
    );
  }

  /** The remembered secret, opened; null when none is held or it no longer opens (a rotated store key). */
  private lastSecret(tenantKey: string): string | null {
    const sealed = this.lastSecretSealed.get(tenantKey);
    if (!sealed) return null;
    try {
      return this.options.store.box.open(sealed, UNSUBSCRIBE_CONTEXT + tenantKey);
    } catch {
      return null;
    }
  }

  async onConnected(tenant: Tenant, _grantId: string, secret: string): Promise<void> {
    const { store, logger } = this.options;
    this.remember(tenant.key, secret);
    if (tenant.webhookSubscription) return;
    const webhookSecret = randomBytes(32).toString('hex');
    const url = `${this.options.publicBase()}/webhooks/${tenant.key}`;
    const view = await createSubscription(this.platformOf(tenant, secret), url, webhookSecret);
    await store.tenants.setWebhook(tenant.key, webhookSecret, { id: view.id, url: view.url });
    this.receivers.delete(tenant.key);
    logger.info(
      { tenant: tenant.key, subscriptionId: view.id },
      'connector: tenant subscribed to platform webhooks',
    );
  }

  /** The key's secret as its holder just proved it (the disconnect page), to unsubscribe with. */
  useSecret(tenantKey: string, secret: string): void {
    this.remember(tenantKey, secret);
  }

  /**
   * A grant of the tenant went: with no active grant left, unsubscribe (with the last secret this
   * replica saw, or else `secretOfGrant`, the gone grant's platform secret as the store held it)
   * and forget the webhook secret.
   */
  async onGrantGone(tenantKey: string, secretOfGrant?: string | null): Promise<void> {
    const { store, logger } = this.options;
    const grants = await store.tenants.grantsOf(tenantKey);
    if (grants.some((grant) => grant.status === 'active')) return;
    const tenant = await store.tenants.get(tenantKey);
    const subscription = tenant?.webhookSubscription as { id?: string } | null | undefined;
    const secret = this.lastSecret(tenantKey) ?? secretOfGrant;
    if (tenant && subscription?.id && secret) {
      await deleteSubscription(this.platformOf(tenant, secret), subscription.id).catch((error: unknown) =>
        logger.warn({ tenant: tenantKey, reason: describeError(error) }, 'connector: could not unsubscribe'),
      );
    }
    await store.tenants.setWebhook(tenantKey, null, null);
    this.receivers.delete(tenantKey);
    this.lastSecretSealed.delete(tenantKey);
  }

  async handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
    const { store, logger } = this.options;
    const tenantKey = path.slice('/webhooks/'.length);
    if (!TENANT_KEY.test(tenantKey) || req.method !== 'POST') return false;
    const secret = await store.tenants.webhookSecret(tenantKey);
    // No subscription, no secret: unknown to this tenant's log (404, nothing read).
    if (!secret) return false;
    let receiver = this.receivers.get(tenantKey);
    if (receiver?.secretDigest !== digestOf(secret)) {
      receiver = {
        secretDigest: digestOf(secret),
        receive: createWebhookReceiver({
          log: await store.events.of(tenantKey),
          secret,
          allowUnsigned: this.options.allowUnsigned,
          addressOf: this.options.addressOf,
          logger: logger.child({ tenant: tenantKey }),
        }),
      };
      this.receivers.set(tenantKey, receiver);
    }
    await receiver.receive(req, res);
    return true;
  }
}
