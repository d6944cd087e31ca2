// The hosted connector's store, managed by its operator (issue 33 item 3):
//   crew-mcp store rotate-key                 every sealed secret re-sealed under CREW_STORE_KEY
//   crew-mcp connector export-company COMPANY what the store holds about one company, as JSON
//   crew-mcp connector forget-company COMPANY every row of one company deleted, and what went
// They read the connector's store settings (--store or --data-dir, the store key ring). On a
// PostgreSQL store they run beside serving replicas: rotation re-seals row by row with a
// compare-and-set (a secret a replica replaced meanwhile is left as written), and a forgotten
// company's grants are announced on the replicas' channel, so each drops their tokens and
// contexts at once. The embedded store is one process's: they refuse while a server holds it.
import { type Config, ConfigError, type ConnectorConfig } from '../config.js';
import type { Logger } from '../logger.js';

const USAGE =
  'Usage: crew-mcp store rotate-key | crew-mcp connector export-company COMPANY | crew-mcp connector forget-company COMPANY (COMPANY: its tenant key or its platform API key client id).';

function connectorOf(config: Config): ConnectorConfig {
  const { auth } = config.security;
  if (auth.mode !== 'connector') throw new Error('the store commands read the connector settings');
  return auth.connector;
}

/** The store's engine, migrated; the embedded one in the connector's data directory. */
async function openAdminEngine(connector: ConnectorConfig) {
  const [{ openEngine }, { migrate }] = await Promise.all([
    import('../store/index.js'),
    import('../store/migrate.js'),
  ]);
  let dataDir: string | null = null;
  if (!connector.storeUrl)
    dataDir = await (await import('../connector/data-dir.js')).storeDataDir(connector.dataDir);
  const engine = await openEngine(connector.storeUrl, dataDir);
  try {
    await migrate(engine);
  } catch (error) {
    await engine.close();
    throw error;
  }
  return engine;
}

const keyCounts = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([keyId, count]) => `${count} under ${keyId}`)
    .join(', ') || 'none';

async function rotateKey(connector: ConnectorConfig, write: (text: string) => void): Promise<number> {
  const [{ loadStoreKeys }, { Tenants }, { unreadableMessage }] = await Promise.all([
    import('../connector/keys.js'),
    import('../store/tenants.js'),
    import('../store/index.js'),
  ]);
  const { box } = await loadStoreKeys(connector);
  const engine = await openAdminEngine(connector);
  try {
    const tenants = new Tenants(engine, box);
    const before = await tenants.sealedByKey();
    const result = await tenants.reencrypt(false);
    if (result.unreadable > 0) {
      write(`crew-mcp store rotate-key: nothing changed. ${unreadableMessage(result, box.currentKeyId)}\n`);
      return 1;
    }
    const after = await tenants.sealedByKey();
    const others = Object.keys(after).filter((keyId) => keyId !== box.currentKeyId);
    write(
      `Re-sealed ${result.moved} secret(s) under store key ${box.currentKeyId} (before: ${keyCounts(before)}; after: ${keyCounts(after)}).\n` +
        (others.length === 0
          ? `Every stored secret is sealed with ${box.currentKeyId}. Once every replica runs with it as CREW_STORE_KEY (run this again after the last one restarted), the other keys can leave CREW_STORE_OLD_KEYS.\n`
          : `Still sealed with ${others.join(', ')}: written meanwhile by a replica sealing with another key; run this again once every replica seals with ${box.currentKeyId}.\n`),
    );
    return 0;
  } finally {
    await engine.close();
  }
}

/** A box to recognise the company's API keys waiting for consent; null when the key ring is unusable. */
async function boxOrNull(connector: ConnectorConfig) {
  const { loadStoreKeys } = await import('../connector/keys.js');
  return loadStoreKeys(connector).then(
    (keys) => keys.box,
    () => null,
  );
}

async function exportOrForget(
  verb: 'export-company' | 'forget-company',
  reference: string,
  connector: ConnectorConfig,
  write: (text: string) => void,
): Promise<number> {
  const companies = await import('../store/companies.js');
  const engine = await openAdminEngine(connector);
  try {
    if (verb === 'export-company') {
      write(`${JSON.stringify(await companies.exportCompany(engine, reference), null, 2)}\n`);
      return 0;
    }
    const forgotten = await companies.forgetCompany(engine, reference, await boxOrNull(connector));
    if (engine.kind === 'postgres') {
      const { REPLICA_CHANNEL } = await import('../store/bus.js');
      for (const grant of forgotten.grantIds) {
        const message = {
          kind: 'grant-gone',
          tenant: forgotten.tenantKey,
          grant,
          from: 'crew-mcp connector forget-company',
        };
        await engine.notify(REPLICA_CHANNEL, JSON.stringify(message));
      }
    }
    write(
      `Forgot company ${forgotten.tenantKey}: deleted ${companies.describeForgotten(forgotten.deleted)}.\n` +
        "Its webhook subscription on its platform, if any, is the platform's to remove (the disconnect page does it with the API key).\n",
    );
    return 0;
  } catch (error) {
    if (error instanceof companies.CompanyNotFoundError) {
      write(`crew-mcp connector ${verb}: ${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await engine.close();
  }
}

export async function runStoreAdmin(
  config: Config,
  _logger: Logger,
  write: (text: string) => void = (text) => process.stdout.write(text),
): Promise<number> {
  const connector = connectorOf(config);
  const [verb, reference, ...extra] = config.rest;
  if (config.command === 'store' && verb === 'rotate-key' && reference === undefined) {
    return rotateKey(connector, write);
  }
  if (
    config.command === 'connector' &&
    (verb === 'export-company' || verb === 'forget-company') &&
    reference &&
    extra.length === 0
  ) {
    return exportOrForget(verb, reference, connector, write);
  }
  throw new ConfigError(USAGE);
}
