// Reading a local file for upload_crew_file (stdio mode only): only inside the directories the
// user allowed with --files-root, never under /proc, /dev or /sys (/proc/self/environ holds the
// client secret), and never through a symbolic link that leads out of an allowed directory.
// The file is opened once, without following a final symlink and without blocking on a FIFO,
// and the opened file must be the one that was checked.
import { constants } from 'node:fs';
import { lstat, open, realpath } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, isAbsolute, join, resolve, sep } from 'node:path';
import { NOTHING_UPLOADED, refuse } from './refuse.js';

/** Pseudo file systems: their "files" are the process and the machine, not the user's documents. */
export const FORBIDDEN_ROOTS = ['/proc', '/dev', '/sys'];

export interface LocalFile {
  content: Buffer;
  name: string;
}

export function isInside(path: string, root: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : `${root}${sep}`);
}

export function isForbidden(path: string): boolean {
  return FORBIDDEN_ROOTS.some((root) => isInside(path, root));
}

/** The allowed roots as real paths (a root that does not exist allows nothing). */
async function realRoots(roots: readonly string[]): Promise<string[]> {
  const real = await Promise.all(roots.map((root) => realpath(root).catch(() => null)));
  return real.filter((root): root is string => root !== null && !isForbidden(root));
}

/**
 * Read `given` (absolute, or ~/...) if it is a regular file of at most `maxBytes` inside one of
 * `roots`; anything else is a UserInputError on `path` that says why and how to fix it.
 */
export async function readAllowedFile(
  given: string,
  roots: readonly string[],
  maxBytes: number,
  tooLarge: (bytes: number) => never,
): Promise<LocalFile> {
  const upload = 'Send the content as contentBase64 with a name instead';
  if (roots.length === 0) {
    refuse({
      field: 'path',
      problem: 'reading local files is off in this server (it was started without --files-root)',
      fix: `${upload}, or restart crew-mcp with --files-root DIR to allow the files under DIR.`,
      outcome: NOTHING_UPLOADED,
    });
  }
  const path = given.startsWith('~/') ? join(homedir(), given.slice(2)) : given;
  if (!isAbsolute(path))
    refuse({
      field: 'path',
      problem: `"${given}" is not an absolute path`,
      fix: 'Give the full path, e.g. /home/me/cv.pdf.',
      outcome: NOTHING_UPLOADED,
    });
  const pseudo = () =>
    refuse({
      field: 'path',
      problem: `${path} is a system pseudo-file, not a document`,
      fix: `${upload}.`,
      outcome: NOTHING_UPLOADED,
    });
  if (isForbidden(resolve(path))) pseudo();
  const real = await realpath(path).catch(() => null);
  if (real === null)
    refuse({
      field: 'path',
      problem: `no file at ${path}`,
      fix: 'Check the path.',
      outcome: NOTHING_UPLOADED,
    });
  if (isForbidden(real)) pseudo();
  const allowed = await realRoots(roots);
  if (!allowed.some((root) => isInside(real, root))) {
    const viaLink = real !== resolve(path) ? ` (it is a symbolic link to ${real})` : '';
    refuse({
      field: 'path',
      problem: `${path} is outside the directories this server may read${viaLink}`,
      fix: `Move the file under ${roots.join(' or ')}; or ${upload.toLowerCase()}.`,
      outcome: NOTHING_UPLOADED,
    });
  }
  const handle = await open(real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(
    () => null,
  );
  if (!handle)
    refuse({
      field: 'path',
      problem: `${path} cannot be read`,
      fix: 'Check the file permissions.',
      outcome: NOTHING_UPLOADED,
    });
  try {
    const info = await handle.stat();
    if (!info.isFile())
      refuse({
        field: 'path',
        problem: `${path} is not a regular file`,
        fix: 'Give the path of a file.',
        outcome: NOTHING_UPLOADED,
      });
    // The file opened must be the one checked: a swap in between is refused, not followed.
    const checked = await lstat(real);
    if (checked.ino !== info.ino || checked.dev !== info.dev) {
      refuse({
        field: 'path',
        problem: `${path} changed while it was being opened`,
        fix: 'Try again once the file is in place.',
        outcome: NOTHING_UPLOADED,
      });
    }
    if (info.size > maxBytes) tooLarge(info.size);
    // One byte more than the size read, to notice a file that grows while it is read.
    const content = Buffer.alloc(info.size + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(content, length, content.length - length, length);
      length += bytesRead;
      if (bytesRead === 0 || length === content.length) break;
    }
    if (length > info.size) {
      if (length > maxBytes) tooLarge(length);
      refuse({
        field: 'path',
        problem: `${path} changed while it was being read`,
        fix: 'Try again once the file is complete.',
        outcome: NOTHING_UPLOADED,
      });
    }
    return { content: content.subarray(0, length), name: basename(path) };
  } finally {
    await handle.close();
  }
}
