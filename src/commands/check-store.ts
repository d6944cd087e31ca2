// The store part of `crew-mcp check` for a replica deployment (--store postgres://...): the
// server answers, the schema is one this build knows (or not yet made: the first replica makes
// it), and LISTEN/NOTIFY goes round, which is how replicas hear of each other's events and
// writes; it also counts the replicas listening now. Nothing is written but one notification.
import { withoutPassword } from '../settings/parsers.js';
import type { CheckReport, Problem } from './check-report.js';

const ROUND_TRIP_MS = 3000;

function reason(error: unknown): string {
  return withoutPassword(error instanceof Error ? error.message : String(error));
}

/** `url`: the store replicas share (--store), also the connector's on a PostgreSQL server. */
export async function checkStore(url: string | null, problems: Problem[]): Promise<CheckReport['store']> {
  if (!url) return { configured: false };
  const where = withoutPassword(url);
  // Loaded only here: a check without --store never evaluates the driver.
  const [{ openPgEngine }, { MIGRATIONS }, { REPLICA_CHANNEL, ReplicaBus }] = await Promise.all([
    import('../store/pg-engine.js'),
    import('../store/migrations/index.js'),
    import('../store/bus.js'),
  ]);
  let engine: Awaited<ReturnType<typeof openPgEngine>>;
  try {
    engine = await openPgEngine(url, 2);
  } catch (error) {
    problems.push({
      check: 'store',
      message: `cannot reach ${where}: ${reason(error)}`,
      setting: 'CREW_STORE',
    });
    return { configured: true, url: where, reachable: false };
  }
  try {
    const [table] = await engine.query<{ name: string | null }>(
      "select to_regclass('crew_migrations') as name",
    );
    const version = table?.name
      ? Number(
          (await engine.query<{ v: number | null }>('select max(version) as v from crew_migrations'))[0]?.v ??
            0,
        )
      : 0;
    const known = Math.max(...MIGRATIONS.map((migration) => migration.version));
    if (version > known) {
      problems.push({
        check: 'store',
        message: `the store's schema is at version ${version}, newer than this crew-mcp knows (${known}): upgrade crew-mcp`,
        setting: 'the crew-mcp version',
      });
    }
    const [listening] = await engine.query<{ n: string }>(
      `select count(*) as n from pg_stat_activity where datname = current_database() and query = $1`,
      [`listen ${REPLICA_CHANNEL}`],
    );
    const notifies = await roundTrip(url, (payload) => engine.notify(REPLICA_CHANNEL, payload), ReplicaBus);
    if (!notifies) {
      problems.push({
        check: 'store',
        message: `LISTEN/NOTIFY did not go round in ${ROUND_TRIP_MS} ms: replicas would not hear of each other's events and writes (a pooler in transaction mode drops LISTEN: connect to PostgreSQL directly)`,
        setting: 'CREW_STORE',
      });
    }
    return {
      configured: true,
      url: where,
      reachable: true,
      schemaVersion: version,
      knownVersion: known,
      notifies,
      replicasListening: Number(listening?.n ?? 0),
    };
  } finally {
    await engine.close();
  }
}

/** Send a notification as a replica would and wait for a second connection to hear it. */
async function roundTrip(
  url: string,
  send: (payload: string) => Promise<void>,
  Bus: typeof import('../store/bus.js').ReplicaBus,
): Promise<boolean> {
  const { silentLogger } = await import('../logger.js');
  const bus = await Bus.open(url, silentLogger).catch(() => null);
  if (!bus) return false;
  try {
    const heard = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), ROUND_TRIP_MS);
      bus.onMessage(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    // From "another replica": the bus ignores its own echo.
    await send(JSON.stringify({ kind: 'write', tenant: 'crew-mcp check', from: 'crew-mcp check' }));
    return await heard;
  } finally {
    await bus.close();
  }
}
