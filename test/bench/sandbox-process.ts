// The benchmark's sandbox in a process of its own, for the sections that compare a tool call with
// the direct GraphQL call. A real platform is remote: both paths cross to another process there.
// With the sandbox inside the benchmark process, the direct call's client and server shared one
// event loop (no process crossing at all), while the MCP path's request to the sandbox had to wake
// the benchmark process: every MCP figure carried crossings a user's direct call pays too. Here
// both paths cross the same way. The child runs the same test sandbox (seed, today) as the
// benchmark's own, and answers what the tool sent over its IPC channel.
import { fork } from 'node:child_process';
import type { LoggedRequest } from '../../src/sandbox/types.js';
import type { SandboxAddress } from '../helpers/sandbox.js';
import { track } from './processes.js';

/** What the child says once it listens. */
export interface ReadyMessage {
  ready: SandboxAddress;
}

/** A question to the child, and its answer (same id). */
export interface RequestLogQuestion {
  id: number;
  /** begin: remember where the request log ends now; since: the requests logged after that. */
  op: 'begin' | 'since';
}
export interface RequestLogAnswer {
  id: number;
  sent?: LoggedRequest[];
}

export interface SandboxProcess extends SandboxAddress {
  /** What the sandbox received while `run` ran (requests of anything else included). */
  requestsDuring<T>(run: () => Promise<T>): Promise<{ result: T; sent: LoggedRequest[] }>;
  close(): Promise<void>;
}

const CHILD = new URL('./sandbox-child.js', import.meta.url);
const START_TIMEOUT_MS = 30_000;

export async function spawnSandboxProcess(): Promise<SandboxProcess> {
  const child = track(fork(CHILD, [], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] }));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const address = await new Promise<SandboxAddress>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The sandbox process did not start.')), START_TIMEOUT_MS);
    child.once('message', (message) => {
      clearTimeout(timer);
      resolve((message as ReadyMessage).ready);
    });
    child.once('exit', (code) =>
      reject(new Error(`The sandbox process exited (${code}) before it listened.`)),
    );
  });
  let lastId = 0;
  const ask = (op: RequestLogQuestion['op']): Promise<RequestLogAnswer> => {
    const id = ++lastId;
    return new Promise((resolve) => {
      const listener = (message: unknown) => {
        if ((message as RequestLogAnswer).id !== id) return;
        child.off('message', listener);
        resolve(message as RequestLogAnswer);
      };
      child.on('message', listener);
      child.send({ id, op } satisfies RequestLogQuestion);
    });
  };
  return {
    ...address,
    async requestsDuring(run) {
      await ask('begin');
      const result = await run();
      return { result, sent: (await ask('since')).sent ?? [] };
    },
    async close() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
