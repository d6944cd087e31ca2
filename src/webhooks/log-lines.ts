// Reading a JSON-lines file in bounded pieces, so that neither indexing nor a query holds a whole
// event log in memory: forward from a byte offset (complete lines only), and backward from the end
// (newest first).
import type { FileHandle } from 'node:fs/promises';

const CHUNK_BYTES = 256 * 1024;

/**
 * Call `onLine` for each complete line from `offset` to the end of the file; returns the offset
 * just past the last complete line (a line still being written is left for next time).
 */
export async function readLinesForward(
  handle: FileHandle,
  offset: number,
  size: number,
  onLine: (line: string) => void,
): Promise<number> {
  let position = offset;
  let pending = Buffer.alloc(0);
  let consumed = offset;
  while (position < size) {
    const chunk = Buffer.alloc(Math.min(CHUNK_BYTES, size - position));
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
    if (bytesRead === 0) break;
    position += bytesRead;
    let data = Buffer.concat([pending, chunk.subarray(0, bytesRead)]);
    let newline = data.indexOf(0x0a);
    while (newline >= 0) {
      onLine(data.subarray(0, newline).toString('utf8'));
      consumed += newline + 1;
      data = data.subarray(newline + 1);
      newline = data.indexOf(0x0a);
    }
    pending = Buffer.from(data);
  }
  return consumed;
}

/**
 * Call `onLine` for each complete line of the file's first `size` bytes, last line first, until it
 * returns false. A last line without its newline (being written, or torn by a crash) is skipped.
 */
export async function readLinesBackward(
  handle: FileHandle,
  size: number,
  onLine: (line: string) => boolean,
): Promise<void> {
  let position = size;
  let pending = Buffer.alloc(0);
  let skippedTail = false;
  while (position > 0) {
    const length = Math.min(CHUNK_BYTES, position);
    position -= length;
    const chunk = Buffer.alloc(length);
    const { bytesRead } = await handle.read(chunk, 0, length, position);
    let data = Buffer.concat([chunk.subarray(0, bytesRead), pending]);
    if (!skippedTail) {
      // Everything after the last newline of the file is an unfinished line.
      const last = data.lastIndexOf(0x0a);
      if (last < 0) {
        pending = data;
        continue;
      }
      data = data.subarray(0, last + 1);
      skippedTail = true;
    }
    // data ends with a newline; each line runs from the newline before it.
    // (Buffer.lastIndexOf counts a negative offset from the end, hence the guard.)
    const before = (index: number) => (index <= 0 ? -1 : data.lastIndexOf(0x0a, index - 1));
    let end = data.length - 1;
    let start = before(end);
    while (start >= 0) {
      if (!onLine(data.subarray(start + 1, end).toString('utf8'))) return;
      end = start;
      start = before(end);
    }
    pending = Buffer.from(data.subarray(0, end + 1));
  }
  if (skippedTail && pending.length > 1) {
    onLine(pending.subarray(0, pending.length - 1).toString('utf8'));
  }
}
