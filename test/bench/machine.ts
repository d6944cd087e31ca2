// Where and on what a run happened, for the report header.
import os from 'node:os';

export function machineLines(): string[] {
  const cpus = os.cpus();
  const load = os.loadavg().map((value) => value.toFixed(2));
  return [
    `- OS: ${os.type()} ${os.release()} (${os.platform()}/${os.arch()})`,
    `- CPU: ${cpus[0]?.model.trim() ?? 'unknown'}, ${cpus.length} logical cores (available parallelism ${os.availableParallelism()})`,
    `- Memory: ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    `- Node.js: ${process.version}`,
    `- Load average at start (1/5/15 min): ${load.join(' / ')} — the machine is shared, figures include that noise`,
  ];
}
