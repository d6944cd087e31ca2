// An engine that tells the metrics of each round trip to the store (every statement, in a
// transaction or not, and every NOTIFY): how many, how long, how many failed. The engine's
// behaviour is unchanged; an engine without an observer is not wrapped at all.
import type { Observer } from '../observer.js';
import type { SqlEngine, SqlRunner } from './engine.js';

async function timed<T>(engine: SqlEngine, observer: Observer, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    const result = await work();
    observer.storeRoundTrip(engine.kind, true, (performance.now() - started) / 1000);
    return result;
  } catch (error) {
    observer.storeRoundTrip(engine.kind, false, (performance.now() - started) / 1000);
    throw error;
  }
}

function observedRunner(engine: SqlEngine, runner: SqlRunner, observer: Observer): SqlRunner {
  return { query: (text, params) => timed(engine, observer, () => runner.query(text, params)) };
}

export function observedEngine(engine: SqlEngine, observer: Observer | undefined): SqlEngine {
  if (!observer) return engine;
  return {
    kind: engine.kind,
    query: (text, params) => timed(engine, observer, () => engine.query(text, params)),
    transaction: (work) => engine.transaction((tx) => work(observedRunner(engine, tx, observer))),
    withLock: (key, work) => engine.withLock(key, (runner) => work(observedRunner(engine, runner, observer))),
    listen: (channel, onPayload) => engine.listen(channel, onPayload),
    notify: (channel, payload) => timed(engine, observer, () => engine.notify(channel, payload)),
    close: () => engine.close(),
  };
}
