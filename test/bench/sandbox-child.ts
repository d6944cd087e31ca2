// The child of sandbox-process.ts: the benchmark's test sandbox (same seed, same today) on an
// ephemeral port, its address sent to the parent, its request log read over the IPC channel.
// It ends with its parent (SIGTERM, or the channel closing).
import type { LoggedRequest } from '../../src/sandbox/types.js';
import { startTestSandbox } from '../helpers/sandbox.js';
import type { ReadyMessage, RequestLogAnswer, RequestLogQuestion } from './sandbox-process.js';

const send = process.send?.bind(process);
if (!send) throw new Error('sandbox-child.js runs as a child of sandbox-process.ts (an IPC channel).');

const sandbox = await startTestSandbox();
// Seeded now, so that no timed call pays for it (the sandbox seeds on first use).
void sandbox.data;
let marker: { entry: LoggedRequest | undefined; length: number } = { entry: undefined, length: 0 };

process.on('message', (message) => {
  const { id, op } = message as RequestLogQuestion;
  const requests = sandbox.stats.requests;
  if (op === 'begin') {
    marker = { entry: requests.at(-1), length: requests.length };
    send({ id } satisfies RequestLogAnswer);
    return;
  }
  // The log is bounded: when it was trimmed meanwhile, find where the run began by its last entry.
  const start = marker.entry ? requests.lastIndexOf(marker.entry) + 1 : marker.length;
  send({ id, sent: requests.slice(Math.max(0, start)) } satisfies RequestLogAnswer);
});

const stop = () => void sandbox.close().finally(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('disconnect', stop);

const { baseUrl, authUrl, realm, tokenUrl, keys } = sandbox;
send({ ready: { baseUrl, authUrl, realm, tokenUrl, keys } } satisfies ReadyMessage);
