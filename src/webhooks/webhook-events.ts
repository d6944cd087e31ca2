// Webhook events: the durable event log (the tools' `events`), the receiver (route /webhooks in
// http mode; a loopback port of its own in stdio mode), the crew://events resource with change
// notifications, and the server's own subscription at the platform. The one part of the app with
// a lifecycle: started once the transport is up, closed with the app.
// With the embedded sandbox everything works out of the box: a random secret, a receiver in
// both modes, a subscription to every event type made at start and removed at close. Against a
// live platform the receiver only listens, unless a public URL and a secret are configured.
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { McpServer } from '@modelcontextprotocol/server';
import { clientAddressOf } from '../client-address.js';
import type { Config } from '../config.js';
import type { AppendOutcome, EventLog, StoredEvent } from '../contract/event-log.js';
import type { Logger } from '../logger.js';
import type { Platform } from '../platform/client.js';
import type { RouteHandler, StartContext } from '../transports/routes.js';
import { FileEventLog } from './event-log.js';
import { liveEventsDir, sandboxEventsDir } from './events-dir.js';
import { changedUris, registerEventsResource } from './events-resource.js';
import { type LoopbackReceiver, startLoopbackReceiver, WEBHOOK_PATH } from './loopback.js';
import { createWebhookReceiver } from './receiver.js';
import { deleteSubscription, subscribeSelf, type WebhookView } from './subscription.js';

export interface WebhookEventsOptions {
  config: Config;
  platform: Platform;
  logger: Logger;
  /**
   * The platform is the embedded sandbox (started by the composition root, src/app.ts), which
   * delivers only to us: a random secret, a receiver in both modes, a subscription for the
   * process's lifetime. Only whether it runs matters here, never the sandbox itself.
   */
  embeddedSandbox: boolean;
  transport: 'stdio' | 'http';
  /** A log shared with other replicas (src/store/events.ts) in place of the file log. */
  sharedLog?: SharedEventLog;
  /** Runs the subscription's replacement while no other replica does (replicas start at once). */
  exclusive?: <T>(work: () => Promise<T>) => Promise<T>;
}

/** An event log this process does not own alone: stored once, whichever replica received it. */
export interface SharedEventLog extends EventLog {
  append(event: StoredEvent): Promise<AppendOutcome>;
  flush(): Promise<void>;
}

export interface WebhookEvents {
  log: EventLog;
  /** The receiver, served beside /mcp in http mode. */
  routes: Record<string, RouteHandler>;
  /** crew://events on one server instance; `longLived` instances get change notifications. */
  register(server: McpServer, longLived: boolean): void;
  start(context: StartContext): Promise<void>;
  close(): Promise<void>;
}

export async function createWebhookEvents({
  config,
  platform,
  logger,
  embeddedSandbox,
  transport,
  sharedLog,
  exclusive = (work) => work(),
}: WebhookEventsOptions): Promise<WebhookEvents> {
  const temporaryDir = !sharedLog && config.eventsDir === null && embeddedSandbox;
  const dir = sharedLog
    ? 'the store'
    : (config.eventsDir ?? (embeddedSandbox ? await sandboxEventsDir() : liveEventsDir()));
  const { eventsMaxAgeDays, eventsMaxBytes, webhookAllowUnsigned } = config.security;
  const log =
    sharedLog ??
    (await FileEventLog.open(dir, {
      maxAgeMs: eventsMaxAgeDays * 24 * 60 * 60 * 1000,
      maxBytes: eventsMaxBytes,
    }));
  // The sandbox delivers only to us, so a per-process random secret is enough to sign with.
  const secret = config.webhookSecret ?? (embeddedSandbox ? randomBytes(32).toString('hex') : null);
  const receiver = createWebhookReceiver({
    log,
    secret,
    allowUnsigned: webhookAllowUnsigned,
    logger,
    addressOf: clientAddressOf(config.security.trustedProxies),
  });
  let loopback: LoopbackReceiver | null = null;
  let subscription: WebhookView | null = null;
  const stops: (() => void)[] = [];

  async function receiverUrl(httpUrl: string | null): Promise<string | null> {
    if (transport === 'http') return httpUrl ? `${httpUrl}${WEBHOOK_PATH}` : null;
    if (config.webhookPort === 0 && !embeddedSandbox) return null;
    loopback = await startLoopbackReceiver(receiver, config.webhookPort, logger);
    return loopback.url;
  }

  return {
    log,
    routes: transport === 'http' ? { [WEBHOOK_PATH]: receiver } : {},
    register(server, longLived) {
      registerEventsResource(server, log, longLived);
    },
    async start({ httpUrl, notify }) {
      if (notify) {
        stops.push(
          log.onAppend((event) => {
            for (const uri of changedUris(event)) notify.resourceUpdated(uri);
          }),
        );
      }
      const ownUrl = await receiverUrl(httpUrl);
      logger.info({ dir, receiver: ownUrl, signed: secret !== null }, 'webhook event log ready');
      if (ownUrl && !secret) {
        logger.warn(
          webhookAllowUnsigned
            ? 'the webhook receiver accepts unsigned deliveries (--webhook-allow-unsigned): anyone who can reach it can post events'
            : 'the webhook receiver has no secret and refuses every delivery: set --webhook-secret',
        );
      }
      if (embeddedSandbox) {
        if (ownUrl) subscription = await subscribeSelf(platform, ownUrl, secret, logger, false);
      } else if (config.webhookPublicUrl) {
        if (!config.webhookSecret) {
          logger.warn(
            'not subscribing to webhooks: --webhook-public-url needs --webhook-secret, or anyone could post events',
          );
        } else {
          const { webhookPublicUrl, webhookSecret } = config;
          subscription = await exclusive(() =>
            subscribeSelf(platform, webhookPublicUrl, webhookSecret, logger, true),
          );
        }
      }
    },
    async close() {
      for (const stop of stops.splice(0)) stop();
      // A live subscription outlives the process on purpose (the platform retries while we are down).
      if (subscription && embeddedSandbox) {
        await deleteSubscription(platform, subscription.id).catch((error: unknown) =>
          logger.warn({ err: String(error) }, 'could not delete the webhook subscription'),
        );
      }
      subscription = null;
      await loopback?.close();
      loopback = null;
      // Deliveries being stored finish (and are fsync'ed) before the process goes.
      await log.flush();
      if (temporaryDir) await rm(dir, { recursive: true, force: true });
    },
  };
}
