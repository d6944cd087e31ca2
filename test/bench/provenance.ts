// Which code a report's figures come from. Figures from a tree with uncommitted changes cannot be
// reproduced by anyone (the code they measured exists nowhere), so the generator records the
// commit and refuses a dirty tree; `--allow-dirty` runs anyway and marks the report loudly.
import { execFileSync } from 'node:child_process';

export interface Provenance {
  /** The full commit hash of HEAD; null when the directory is not a git checkout. */
  commit: string | null;
  /** Paths with uncommitted changes (staged, unstaged or untracked), generated outputs left out. */
  changed: string[];
}

/**
 * The commit of `root` and what differs from it. `generated` are the files the generator itself
 * writes (the report, the README's figures): a previous run's output is not a change of the code.
 */
export function provenanceOf(root: string, generated: readonly string[] = []): Provenance {
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  let commit: string;
  try {
    commit = git('rev-parse', 'HEAD').trim();
  } catch {
    return { commit: null, changed: [] };
  }
  // -z: paths as they are (no quoting), NUL-separated; "XY path" per entry, renames add the source.
  const entries = git('status', '--porcelain', '-z', '--untracked-files=all').split('\0');
  const changed: string[] = [];
  for (let index = 0; index < entries.length; index++) {
    const entry = entries[index]!;
    if (entry.length < 4) continue;
    const path = entry.slice(3);
    if (entry[0] === 'R' || entry[0] === 'C') index++;
    if (!generated.includes(path)) changed.push(path);
  }
  return { commit, changed };
}

/** The report's line about its code: the commit, or a loud mark when it is not a committed tree. */
export function provenanceLine(provenance: Provenance): string {
  if (!provenance.commit) return '- Code: **not a git checkout: these figures name no commit**';
  if (provenance.changed.length === 0) return `- Code: commit ${provenance.commit} (clean tree)`;
  const shown = provenance.changed.slice(0, 10).join(', ');
  const more = provenance.changed.length > 10 ? ` and ${provenance.changed.length - 10} more` : '';
  return (
    `- Code: **NOT A COMMITTED TREE: commit ${provenance.commit} with uncommitted changes to ${shown}${more} ` +
    '(run with --allow-dirty); these figures measure code that no commit holds**'
  );
}

/** Why the run refuses to start, or null when it may. */
export function dirtyTreeRefusal(provenance: Provenance, allowDirty: boolean): string | null {
  if (allowDirty || provenance.changed.length === 0) return null;
  return (
    `bench: the tree has uncommitted changes (${provenance.changed.slice(0, 10).join(', ')}` +
    `${provenance.changed.length > 10 ? ', …' : ''}); figures must come from a commit. Commit or stash them, ` +
    'or pass --allow-dirty to run anyway (the report then says so loudly).'
  );
}
