// The webhook part of `crew-mcp check`: against a live platform the server subscribes itself
// only with a public URL and a secret, and the platform must reach that URL. A probe with GET
// proves something answers there (the receiver itself answers 405: deliveries are POSTs).
import type { Config } from '../config.js';
import { networkCause } from '../platform/network-cause.js';
import type { CheckReport, Problem } from './check-report.js';

const PROBE_TIMEOUT_MS = 5000;

export async function checkWebhooks(
  config: Config,
  scopes: string[] | null,
  problems: Problem[],
): Promise<CheckReport['webhooks']> {
  const url = config.webhookPublicUrl;
  if (!url) {
    return {
      configured: false,
      detail:
        config.upstream.kind === 'sandbox'
          ? 'the embedded sandbox delivers to the server itself'
          : 'not configured (CREW_WEBHOOK_PUBLIC_URL and CREW_WEBHOOK_SECRET receive events)',
    };
  }
  if (!config.webhookSecret) {
    problems.push({
      check: 'webhooks',
      message:
        'A public webhook URL needs a secret, or anyone could post events; the server will not subscribe.',
      setting: 'CREW_WEBHOOK_SECRET',
    });
  }
  if (scopes && !scopes.includes('webhooks:manage')) {
    problems.push({
      check: 'webhooks',
      message: 'Subscribing to webhooks needs the scope webhooks:manage, which this API key lacks.',
      setting: 'the API key scopes (webhooks:manage)',
    });
  }
  try {
    const response = await fetch(url, { method: 'GET', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    await response.body?.cancel();
    const receiver = response.status === 405 && response.headers.get('allow') === 'POST';
    return {
      configured: true,
      url,
      reachable: true,
      detail: receiver
        ? 'reaches a crew-mcp webhook receiver'
        : `answers HTTP ${response.status} (a crew-mcp receiver answers GET with 405)`,
    };
  } catch (error) {
    const cause = networkCause(error);
    const reason = cause === 'timed out' ? cause : `could not be reached (${cause})`;
    problems.push({
      check: 'webhooks',
      message: `${url} ${reason}: the platform could not deliver events there (the server must be running and reachable at that URL).`,
      setting: 'CREW_WEBHOOK_PUBLIC_URL',
    });
    return { configured: true, url, reachable: false, detail: reason };
  }
}
