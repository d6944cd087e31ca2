// `crew-mcp check --auth connector`: a connector deployment's own checks, in place of one API key's
// (each company's key is checked on the connect page): the store key is present and well formed,
// the store is reachable and migrated (a PostgreSQL server is opened, and checked as replicas'
// store is: LISTEN/NOTIFY goes round, replicas listening; the embedded store's directory is only
// looked at, since a running server holds it), and, with --public-url, the
// deployment serves both metadata documents naming itself.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
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
    return error instanceof Error ? error.message : String(error);
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
  const { loadStoreKeys } = await import('../connector/keys.js');
  try {
    const keys = await loadStoreKeys(connector);
    items.push({ check: 'store key', ok: true, detail: `present (key ${keys.box.currentKeyId})` });
  } catch (error) {
    items.push({
      check: 'store key',
      ok: false,
      detail: error instanceof Error ? error.message : String(error),
    });
  }
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
  } else {
    items.push({
      check: 'metadata documents',
      ok: true,
      detail: 'not fetched: give --public-url to check a deployment',
    });
  }
  const ok = items.every((item) => item.ok);
  write(
    config.json
      ? `${JSON.stringify({ ok, mode: 'connector', checks: items }, null, 2)}\n`
      : `crew-mcp check (hosted connector)\n${items.map((item) => `${item.ok ? '  ok ' : '  FAIL'} ${item.check}: ${item.detail}`).join('\n')}\n${ok ? 'All checks passed.' : 'Some checks failed.'}\n`,
  );
  return ok ? 0 : 1;
}
