// Everything a request handler of one sandbox instance may use.

import type { TokenIssuer } from './auth.js';
import type { FaultInjector } from './faults.js';
import type { ApiKey, SandboxData, SandboxLogger, SandboxStats } from './types.js';
import type { WebhookRegistry } from './webhook-registry.js';

export interface SandboxContext {
  baseUrl: string;
  issuer: TokenIssuer;
  keys: readonly ApiKey[];
  faults: FaultInjector;
  stats: SandboxStats;
  data: SandboxData;
  webhooks: WebhookRegistry;
  logger: SandboxLogger;
}
