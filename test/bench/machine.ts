// Where and on what a run happened, for the report header.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { packageRoot } from '../../src/paths.js';

export function machineLines(): string[] {
  const cpus = os.cpus();
  const load = os.loadavg().map((value) => value.toFixed(2));
  return [
    `- OS: ${os.type()} ${os.release()} (${os.platform()}/${os.arch()})`,
    `- CPU: ${cpus[0]?.model.trim() ?? 'unknown'}, ${cpus.length} logical cores (available parallelism ${os.availableParallelism()})`,
    `- Memory: ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    `- Node.js: ${process.version}`,
    `- Load average at start (1/5/15 min): ${load.join(' / ')} — the machine is shared, figures include that noise`,
    `- Code: ${gitRevision()}`,
  ];
}

function gitRevision(): string {
  try {
    const git = (...args: string[]) =>
      execFileSync('git', args, {
        cwd: packageRoot,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim();
    const dirty = git('status', '--porcelain').length > 0 ? ' with uncommitted changes' : '';
    return `git ${git('rev-parse', '--short', 'HEAD')}${dirty}`;
  } catch {
    return 'not a git checkout';
  }
}
