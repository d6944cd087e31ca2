// BENCHMARKS.md names the commit it measured, and a tree with uncommitted changes is refused
// (or, with --allow-dirty, marked loudly): figures must come from code that a commit holds.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packagePath } from '../../src/paths.js';
import { dirtyTreeRefusal, provenanceLine, provenanceOf } from '../bench/provenance.js';

let repo: string;
const git = (...args: string[]) =>
  execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

beforeAll(() => {
  repo = mkdtempSync(join(tmpdir(), 'bench-provenance-'));
  git('init', '-q');
  git('config', 'user.email', 'bench@example.invalid');
  git('config', 'user.name', 'bench');
  writeFileSync(join(repo, 'code.ts'), 'export const a = 1;\n');
  writeFileSync(join(repo, 'BENCHMARKS.md'), '# old\n');
  git('add', '.');
  git('commit', '-q', '-m', 'first');
});

afterAll(() => rmSync(repo, { recursive: true, force: true }));

describe('the report names its code', () => {
  it('a clean tree: the full commit, and the run may go on', () => {
    const provenance = provenanceOf(repo, ['BENCHMARKS.md']);
    expect(provenance).toEqual({ commit: git('rev-parse', 'HEAD'), changed: [] });
    expect(provenanceLine(provenance)).toBe(`- Code: commit ${provenance.commit} (clean tree)`);
    expect(dirtyTreeRefusal(provenance, false)).toBeNull();
  });

  it("the generator's own output (a previous run's report) does not make the tree dirty", () => {
    writeFileSync(join(repo, 'BENCHMARKS.md'), '# new figures\n');
    try {
      expect(provenanceOf(repo, ['BENCHMARKS.md']).changed).toEqual([]);
      expect(provenanceOf(repo).changed).toEqual(['BENCHMARKS.md']);
    } finally {
      git('checkout', '--', 'BENCHMARKS.md');
    }
  });

  it('a changed, a staged or an untracked file: refused, or marked loudly with --allow-dirty', () => {
    writeFileSync(join(repo, 'code.ts'), 'export const a = 2;\n');
    writeFileSync(join(repo, 'new file.ts'), 'export const b = 1;\n');
    writeFileSync(join(repo, 'staged.ts'), 'export const c = 1;\n');
    git('add', 'staged.ts');
    try {
      const provenance = provenanceOf(repo, ['BENCHMARKS.md']);
      expect(provenance.changed.sort()).toEqual(['code.ts', 'new file.ts', 'staged.ts']);
      expect(dirtyTreeRefusal(provenance, false)).toMatch(
        /uncommitted changes \(.*code\.ts.*\).*--allow-dirty/,
      );
      expect(dirtyTreeRefusal(provenance, true)).toBeNull();
      expect(provenanceLine(provenance)).toMatch(
        new RegExp(
          `^- Code: \\*\\*NOT A COMMITTED TREE: commit ${provenance.commit} with uncommitted changes to`,
        ),
      );
    } finally {
      git('reset', '-q');
      git('checkout', '--', 'code.ts');
      rmSync(join(repo, 'new file.ts'));
      rmSync(join(repo, 'staged.ts'));
    }
  });

  it('outside a git checkout: no commit, said loudly', () => {
    const plain = mkdtempSync(join(tmpdir(), 'bench-no-git-'));
    try {
      const provenance = provenanceOf(plain);
      expect(provenance.commit).toBeNull();
      expect(provenanceLine(provenance)).toMatch(/\*\*not a git checkout/);
    } finally {
      rmSync(plain, { recursive: true, force: true });
    }
  });
});

describe('npm run bench', () => {
  it('refuses to write BENCHMARKS.md from a dirty tree before it measures anything', () => {
    // The built runner against this checkout, made dirty by an untracked marker file: it must
    // exit before its sandbox starts, saying why.
    const marker = packagePath('bench-provenance-marker.tmp');
    writeFileSync(marker, 'dirty\n');
    try {
      const run = spawnSync(process.execPath, [packagePath('dist', 'test', 'bench', 'run.js')], {
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(/uncommitted changes \(.*bench-provenance-marker\.tmp.*\)/);
      expect(run.stderr).not.toMatch(/bench: latency/);
    } finally {
      rmSync(marker, { force: true });
    }
  });
});
