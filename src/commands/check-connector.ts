// `crew-mcp check --auth connector`: a connector deployment's own checks, in place of one API key's
// (each company's key is checked on the connect page): replicas on a shared store have the
// platform settings (else each would run its own sandbox); the store key is present, well formed
// and opens the stored secrets (a PostgreSQL store is read; the embedded store, which a running
// server holds, is compared by the key id its last start recorded); the store is reachable and
// migrated (a PostgreSQL server is checked as replicas' store is: LISTEN/NOTIFY goes round,
// replicas listening); and, with --public-url, the deployment serves both metadata documents
// naming itself, and its connect flow's redirects stay on the public URL (check-consent.ts).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type Config, type ConnectorConfig, sharedStoreWithoutPlatform } from '../config.js';
import type { Logger } from '../logger.js';
import { networkCause } from '../platform/network-cause.js';
import type { SecretBox } from '../store/secret-box.js';
import { directoryReadiness } from './check-directory.js';
import { type Problem, storeSummary } from './check-report.js';
import { checkStore } from './check-store.js';

interface Item {
  check: string;
  ok: boolean;
  detail: string;
}

async function fetchJson(url: string): Promise<Record<string, unknown> | string> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) return `HTTP ${response.status}`;
    return (await response.json()) as Record<string, unknown>;
  } catch (error) {
    return `${url} could not be fetched: ${networkCause(error)}`;
  }
}

/** The store key is well formed and opens every secret the store holds. */
async function checkStoreKey(connector: ConnectorConfig): Promise<Item> {
  const check = 'store key';
  const { loadStoreKeys } = await import('../connector/keys.js');
  let box: SecretBox;
  try {
    box = (await loadStoreKeys(connector)).box;
  } catch (error) {
    return { check, ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
  const present = `present (key ${box.currentKeyId})`;
  if (!connector.storeUrl) {
    // A running server holds the embedded store: compare with the key it last opened it with.
    const { recordedStoreKeyId, storeDataDir } = await import('../connector/data-dir.js');
    const dir = await storeDataDir(connector.dataDir);
    const recorded = await recordedStoreKeyId(dir);
    if (recorded === null || box.knows(recorded)) return { check, ok: true, detail: present };
    return {
      check,
      ok: false,
      detail: `the embedded store in ${dir} was last opened with store key ${recorded}, and CREW_STORE_KEY is ${box.currentKeyId}: its secrets would not open and the server would refuse to start. Give the key it was opened with (after a rotation: the old one as CREW_STORE_PREVIOUS_KEY), or start once with --discard-unreadable-secrets (the companies connected must connect again).`,
    };
  }
  const unreadable = await unreadableInServer(connector.storeUrl, box);
  if (unreadable === null) return { check, ok: true, detail: `${present} (the store's secrets not read)` };
  if (unreadable.unreadable === 0) return { check, ok: true, detail: `${present}, opens the stored secrets` };
  const { unreadableMessage } = await import('../store/index.js');
  return { check, ok: false, detail: unreadableMessage(unreadable, box.currentKeyId) };
}

/** What the key cannot open in a PostgreSQL store, read only; null when it cannot be read. */
async function unreadableInServer(url: string, box: SecretBox) {
  const [{ openPgEngine }, { Tenants }] = await Promise.all([
    import('../store/pg-engine.js'),
    import('../store/tenants.js'),
  ]);
  const engine = await openPgEngine(url, 1).catch(() => null);
  if (!engine) return null;
  try {
    const [table] = await engine.query<{ name: string | null }>("select to_regclass('crew_grants') as name");
    return table?.name ? await new Tenants(engine, box).unreadableSecrets() : null;
  } finally {
    await engine.close();
  }
}

export async function runConnectorCheck(
  config: Config,
  _logger: Logger,
  write: (text: string) => void = (text) => process.stdout.write(text),
): Promise<number> {
  const { auth, publicUrl } = config.security;
  if (auth.mode !== 'connector') throw new Error('runConnectorCheck needs --auth connector');
  const { connector } = auth;
  const items: Item[] = [];
  const shared = sharedStoreWithoutPlatform(connector);
  if (shared) items.push({ check: 'platform settings', ok: false, detail: shared });
  items.push(await checkStoreKey(connector));
  if (connector.storeUrl) {
    // The same checks as replicas' store: a connector on PostgreSQL may run as several replicas.
    const problems: Problem[] = [];
    const store = await checkStore(connector.storeUrl, problems);
    const summary = store?.configured ? storeSummary(store) : { ok: false, text: '' };
    items.push({
      check: 'store',
      ok: summary.ok && problems.length === 0,
      detail: [summary.text, ...problems.map((problem) => problem.message)].filter(Boolean).join('; '),
    });
  } else {
    const { storeDataDir } = await import('../connector/data-dir.js');
    const dir = join(await storeDataDir(connector.dataDir), 'store');
    items.push({
      check: 'store',
      ok: true,
      detail: existsSync(join(dir, 'PG_VERSION'))
        ? `embedded store at ${dir}`
        : `embedded store at ${dir} (created at the first start)`,
    });
  }
  if (publicUrl) {
    const resource = await fetchJson(`${publicUrl}/.well-known/oauth-protected-resource/mcp`);
    const resourceOk = typeof resource === 'object' && resource.resource === `${publicUrl}/mcp`;
    items.push({
      check: 'protected resource metadata',
      ok: resourceOk,
      detail: resourceOk
        ? `${publicUrl}/mcp`
        : `not served as expected: ${typeof resource === 'string' ? resource : JSON.stringify(resource.resource)}`,
    });
    const server = await fetchJson(`${publicUrl}/.well-known/oauth-authorization-server`);
    const serverOk = typeof server === 'object' && server.issuer === publicUrl;
    items.push({
      check: 'authorization server metadata',
      ok: serverOk,
      detail: serverOk
        ? `issuer ${publicUrl}`
        : `not served as expected: ${typeof server === 'string' ? server : JSON.stringify(server.issuer)}`,
    });
    // The flow a client's browser goes through, its redirects kept on the public URL.
    const { checkConsentRedirect } = await import('./check-consent.js');
    items.push(await checkConsentRedirect(publicUrl));
  } else {
    items.push({
      check: 'metadata documents',
      ok: true,
      detail: 'not fetched: give --public-url to check a deployment',
    });
  }
  const { check, ok: ready, detail } = directoryReadiness(config);
  items.push({ check, ok: ready, detail });
  const ok = items.every((item) => item.ok);
  write(
    config.json
      ? `${JSON.stringify({ ok, mode: 'connector', checks: items }, null, 2)}\n`
      : `crew-mcp check (hosted connector)\n${items.map((item) => `${item.ok ? '  ok ' : '  FAIL'} ${item.check}: ${item.detail}`).join('\n')}\n${ok ? 'All checks passed.' : 'Some checks failed.'}\n`,
  );
  return ok ? 0 : 1;
}
