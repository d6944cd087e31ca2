// Reads issued at the same moment sent together: every read the client is asked for with
// `batch` before the event loop turns (the first pages of a question's lists, the remaining pages
// of a list) goes as one GraphQL document of aliased root fields (merge-reads.ts), at most
// READS_PER_REQUEST to a request so that one answer stays a sane size. A read alone in its moment
// is sent as it is, byte for byte. Queries only: a mutation is never merged (nor repeated).
//
// The live platform's limits on a document (cost, aliases) are not documented. When it refuses a
// merged document as a whole (no data, or an error that belongs to no one read), each read is
// sent again alone (reads are safe to repeat), and the client sends one read per request from
// then on: it adapts rather than breaks. An error that belongs to one read is that read's only.
import type { Logger } from '../logger.js';
import { untilAborted } from './abort.js';
import type { HttpAnswer } from './http.js';
import {
  fragmentsAgree,
  type GraphqlErrorShape,
  type MergeableRead,
  mergeableRead,
  mergeReads,
  type ReadShare,
  splitAnswer,
} from './merge-reads.js';

/** Reads merged into one request at most: ten pages of 100 items, a few hundred KB of answer. */
export const READS_PER_REQUEST = 10;
/** Documents whose mergeability is remembered: the product's own are a few dozen. */
const DOCUMENTS_KEPT = 256;

/** What the batcher needs of the client: one read alone, one merged exchange, a share's outcome. */
export interface BatchPort {
  /** The read sent alone, exactly as an unbatched query. */
  alone(document: string, variables: Record<string, unknown>, signal?: AbortSignal): Promise<unknown>;
  /** The merged document over HTTP (retried as any query); the answer uninterpreted. */
  exchange(text: string, variables: Record<string, unknown>, signal?: AbortSignal): Promise<HttpAnswer>;
  /** A read's share: its data, or the error its GraphQL errors make when sent alone. */
  settle(share: ReadShare): unknown;
  logger?: Logger;
}

interface Pending {
  document: string;
  read: MergeableRead;
  variables: Record<string, unknown>;
  signal?: AbortSignal;
  resolve(data: unknown): void;
  reject(error: unknown): void;
}

export class ReadBatcher {
  private pending: Pending[] = [];
  private scheduled = false;
  private merging = true;
  private readonly reads = new Map<string, MergeableRead | null>();

  constructor(private readonly port: BatchPort) {}

  /** Reads one request may carry now: READS_PER_REQUEST, or 1 once the platform refused a merge. */
  get readsPerRequest(): number {
    return this.merging ? READS_PER_REQUEST : 1;
  }

  /** `document` (the text as sent, after any rewrite) with `variables`, possibly merged with others. */
  read(document: string, variables: Record<string, unknown>, signal?: AbortSignal): Promise<unknown> {
    const read = this.merging ? this.mergeable(document) : null;
    if (!read) return this.port.alone(document, variables, signal);
    if (signal?.aborted) return Promise.reject(signal.reason);
    const answer = new Promise<unknown>((resolve, reject) => {
      this.pending.push({ document, read, variables, signal, resolve, reject });
    });
    if (!this.scheduled) {
      this.scheduled = true;
      // After every promise continuation and tick of this turn: reads that follow one another
      // only through awaits (page 1 answered, the rest asked) still meet here.
      setImmediate(() => this.flush());
    }
    return untilAborted(answer, signal);
  }

  private mergeable(document: string): MergeableRead | null {
    let read = this.reads.get(document);
    if (read === undefined) {
      read = mergeableRead(document);
      if (this.reads.size < DOCUMENTS_KEPT) this.reads.set(document, read);
    }
    return read;
  }

  private flush(): void {
    this.scheduled = false;
    const waiting = this.pending.filter((entry) => !entry.signal?.aborted);
    this.pending = [];
    for (const chunk of chunked(waiting, this.readsPerRequest)) {
      if (chunk.length === 1) this.sendAlone(chunk[0] as Pending);
      else void this.sendMerged(chunk);
    }
  }

  private sendAlone(entry: Pending): void {
    this.port.alone(entry.document, entry.variables, entry.signal).then(entry.resolve, entry.reject);
  }

  private async sendMerged(chunk: Pending[]): Promise<void> {
    const merged = mergeReads(chunk);
    let answer: HttpAnswer;
    try {
      answer = await this.port.exchange(merged.text, merged.variables, everyAborted(chunk));
    } catch (error) {
      // The request itself failed (network, server fault after retries, the key): so would each read.
      for (const entry of chunk) entry.reject(error);
      return;
    }
    const body = answer.json as { data?: Record<string, unknown> | null; errors?: GraphqlErrorShape[] };
    const shares = answer.status === 200 || body?.errors ? splitAnswer(merged, body ?? {}) : null;
    if (!shares) {
      this.refused(answer, body?.errors, chunk.length);
      for (const entry of chunk) this.sendAlone(entry);
      return;
    }
    chunk.forEach((entry, index) => {
      const share = shares[index] as ReadShare;
      if (share.errors.length === 0 && share.data === null) this.sendAlone(entry);
      else {
        try {
          entry.resolve(this.port.settle(share));
        } catch (error) {
          entry.reject(error);
        }
      }
    });
  }

  private refused(answer: HttpAnswer, errors: GraphqlErrorShape[] | undefined, reads: number): void {
    if (!this.merging) return;
    this.merging = false;
    this.port.logger?.warn(
      { status: answer.status, reads, errors: errors?.map((error) => error.message) },
      'the platform refused reads sent together in one document: sending one read per request from now on',
    );
  }
}

/** Runs of at most `size` reads whose fragments agree (a name never stands for two bodies). */
function chunked(entries: readonly Pending[], size: number): Pending[][] {
  const chunks: Pending[][] = [];
  let current: Pending[] = [];
  let texts = new Map<string, string>();
  for (const entry of entries) {
    if (current.length >= size || !fragmentsAgree(entry.read, texts)) {
      chunks.push(current);
      current = [];
      texts = new Map();
    }
    current.push(entry);
    for (const [name, text] of entry.read.fragmentTexts) texts.set(name, text);
  }
  if (current.length > 0) chunks.push(current);
  return chunks.filter((chunk) => chunk.length > 0);
}

/** A signal that aborts the shared request once every read in it was abandoned; none if one cannot be. */
function everyAborted(chunk: readonly Pending[]): AbortSignal | undefined {
  const signals = chunk.map((entry) => entry.signal);
  if (signals.some((signal) => signal === undefined)) return undefined;
  const controller = new AbortController();
  let left = signals.length;
  for (const signal of signals as AbortSignal[]) {
    signal.addEventListener(
      'abort',
      () => {
        left -= 1;
        if (left === 0) controller.abort(signal.reason);
      },
      { once: true },
    );
  }
  return controller.signal;
}
