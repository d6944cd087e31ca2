// The load of the failover tests: 2026-07-28 clients (the v2 SDK, which names each call's tool in
// Mcp-Name, so the balancer tells reads from writes) each looping tool calls through the balancer
// while something is done to the replicas or their store, every outcome tallied per client.
import type { Client } from '@modelcontextprotocol/client';
import { textOf } from './mcp.js';

export interface ToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

export interface CallTally {
  /** Calls answered with success, per client. */
  answers: number[];
  failedReads: string[];
  failedWrites: string[];
  /** Titles of every write sent, and of those answered with success. */
  sentWrites: string[];
  answeredWrites: string[];
  /** The longest any call took, answered or failed. */
  longestMs: number;
  /** When each call was sent and how long it took (ms since the epoch, ms). */
  calls: { sentAt: number; ms: number }[];
}

export const newCallTally = (clients: number): CallTally => ({
  answers: new Array<number>(clients).fill(0),
  failedReads: [],
  failedWrites: [],
  sentWrites: [],
  answeredWrites: [],
  longestMs: 0,
  calls: [],
});

export interface CallLoadOptions {
  /** What the clients read, in turn. */
  reads: ToolCall[];
  /** Every `every`-th call a write, `call(title)`, its title unique to it; no writes without. */
  write?: { every: number; call(title: string): ToolCall };
  /** Starts each write's title: `<tag>-<pid>-<client>-<call>`. */
  tag: string;
  /** The loop ends when this says so, or after `maxCalls` per client (200), or `maxMs`. */
  done: () => boolean;
  maxMs: number;
  maxCalls?: number;
  /** A call not answered in this long fails (10 s). */
  timeoutMs?: number;
}

export async function loopCalls(
  clients: Client[],
  tally: CallTally,
  options: CallLoadOptions,
): Promise<void> {
  const { reads, write, tag, done, maxMs, maxCalls = 200, timeoutMs = 10_000 } = options;
  const started = Date.now();
  await Promise.all(
    clients.map(async (client, index) => {
      let readsMade = 0;
      for (let call = 0; call < maxCalls && !done() && Date.now() - started < maxMs; call++) {
        const isWrite = write !== undefined && call % write.every === write.every - 1;
        const title = `${tag}-${process.pid}-${index}-${call}`;
        if (isWrite) tally.sentWrites.push(title);
        const request = isWrite ? write.call(title) : (reads[readsMade++ % reads.length] as ToolCall);
        // A breath between calls: the load stays on, and replicas starting again get some CPU.
        await new Promise((resolve) => setTimeout(resolve, 10));
        const sent = Date.now();
        try {
          const result = await client.callTool(request, { timeout: timeoutMs });
          if (result.isError) throw new Error(`isError: ${textOf(result).slice(0, 200)}`);
          if (isWrite) tally.answeredWrites.push(title);
          tally.answers[index]! += 1;
        } catch (error) {
          const text = `${request.name}: ${error instanceof Error ? error.message : String(error)}`;
          (isWrite ? tally.failedWrites : tally.failedReads).push(text);
        } finally {
          const ms = Date.now() - sent;
          tally.longestMs = Math.max(tally.longestMs, ms);
          tally.calls.push({ sentAt: sent, ms });
        }
      }
    }),
  );
}

export const sum = (counts: number[]) => counts.reduce((total, count) => total + count, 0);

/** The longest of the calls sent from `from` (inclusive) to `to` (exclusive), in ms; 0 for none. */
export const longestSent = (tally: CallTally, from: number, to: number) =>
  Math.max(
    0,
    ...tally.calls.filter((call) => call.sentAt >= from && call.sentAt < to).map((call) => call.ms),
  );
