// Webhooks per tenant: on a tenant's first connection crew-mcp subscribes its platform to
// {public URL}/webhooks/{tenant key} with a secret of that tenant's own (sealed in the store);
// deliveries there are verified with that secret and stored in that tenant's log only. When the
// tenant's last grant goes, the subscription is deleted at the platform (with the key still held
// by that grant's context, before its secret is forgotten) and the secret with it. Replicas: the
// subscription and its secret are in the store, read at each delivery, so a tenant subscribed
// again through another replica (a new secret) is verified with the new one here too.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressOf } from '../client-address.js';
import type { Logger } from '../logger.js';
import { tokenUrlFor } from '../platform/auth.js';
import { createPlatform } from '../platform/client.js';
import { describeError } from '../platform/network-cause.js';
import type { Store } from '../store/index.js';
import type { Tenant } from '../store/tenants.js';
import { createWebhookReceiver, type WebhookHandler } from '../webhooks/receiver.js';
import { createSubscription, deleteSubscription } from '../webhooks/subscription.js';

export interface TenantWebhooksOptions {
  store: Store;
  logger: Logger;
  publicBase: () => string;
  allowUnsigned: boolean;
  addressOf: AddressOf;
}

const TENANT_KEY = /^t[a-z0-9]{8,40}$/;

export function createTenantWebhooks(options: TenantWebhooksOptions) {
  const { store, logger } = options;
  /** A receiver per tenant, for the webhook secret it verifies with. */
  const receivers = new Map<string, { secret: string; receive: WebhookHandler }>();
  /** The secret of the grant connected last, per tenant, to unsubscribe with at disconnect. */
  const lastSecret = new Map<string, string>();

  const platformOf = (tenant: Tenant, secret: string) =>
    createPlatform({
      credentials: {
        clientId: tenant.platformClientId,
        clientSecret: secret,
        tokenUrl: tokenUrlFor(tenant.authUrl, tenant.realm),
      },
      apiUrl: tenant.apiUrl,
      timeoutMs: 10_000,
      logger,
    });

  return {
    async onConnected(tenant: Tenant, _grantId: string, secret: string): Promise<void> {
      lastSecret.set(tenant.key, secret);
      if (tenant.webhookSubscription) return;
      const webhookSecret = randomBytes(32).toString('hex');
      const url = `${options.publicBase()}/webhooks/${tenant.key}`;
      const view = await createSubscription(platformOf(tenant, secret), url, webhookSecret);
      await store.tenants.setWebhook(tenant.key, webhookSecret, { id: view.id, url: view.url });
      receivers.delete(tenant.key);
      logger.info(
        { tenant: tenant.key, subscriptionId: view.id },
        'connector: tenant subscribed to platform webhooks',
      );
    },

    /** The key's secret as its holder just proved it (the disconnect page), to unsubscribe with. */
    useSecret(tenantKey: string, secret: string): void {
      lastSecret.set(tenantKey, secret);
    },

    /**
     * A grant of the tenant went: with no active grant left, unsubscribe (with `secret`, the gone
     * grant's platform secret as the store held it, or the last one this replica saw) and forget
     * the webhook secret.
     */
    async onGrantGone(tenantKey: string, secretOfGrant?: string | null): Promise<void> {
      const grants = await store.tenants.grantsOf(tenantKey);
      if (grants.some((grant) => grant.status === 'active')) return;
      const tenant = await store.tenants.get(tenantKey);
      const subscription = tenant?.webhookSubscription as { id?: string } | null | undefined;
      const secret = lastSecret.get(tenantKey) ?? secretOfGrant;
      if (tenant && subscription?.id && secret) {
        await deleteSubscription(platformOf(tenant, secret), subscription.id).catch((error: unknown) =>
          logger.warn(
            { tenant: tenantKey, reason: describeError(error) },
            'connector: could not unsubscribe',
          ),
        );
      }
      await store.tenants.setWebhook(tenantKey, null, null);
      receivers.delete(tenantKey);
      lastSecret.delete(tenantKey);
    },

    async handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
      const tenantKey = path.slice('/webhooks/'.length);
      if (!TENANT_KEY.test(tenantKey) || req.method !== 'POST') return false;
      const secret = await store.tenants.webhookSecret(tenantKey);
      // No subscription, no secret: unknown to this tenant's log (404, nothing read).
      if (!secret) return false;
      let receiver = receivers.get(tenantKey);
      if (receiver?.secret !== secret) {
        receiver = {
          secret,
          receive: createWebhookReceiver({
            log: await store.events.of(tenantKey),
            secret,
            allowUnsigned: options.allowUnsigned,
            addressOf: options.addressOf,
            logger: logger.child({ tenant: tenantKey }),
          }),
        };
        receivers.set(tenantKey, receiver);
      }
      await receiver.receive(req, res);
      return true;
    },
  };
}
