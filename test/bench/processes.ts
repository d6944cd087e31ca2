// The built CLI as a separate process, pointed at the benchmark's own sandbox through the live
// credentials variables: the direct GraphQL calls and the MCP calls then reach the same
// sandbox, and the sandbox's counters see every request the server makes.
import { type ChildProcess, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { SandboxAddress } from '../helpers/sandbox.js';

/** Environment that makes the CLI use `sandbox` as a live platform with the demo-admin key. */
export function liveEnv(sandbox: SandboxAddress, clientId = 'demo-admin'): Record<string, string> {
  const key = sandbox.keys.find((candidate) => candidate.clientId === clientId);
  if (!key) throw new Error(`No sandbox key ${clientId}.`);
  return {
    CREW_CLIENT_ID: key.clientId,
    CREW_CLIENT_SECRET: key.clientSecret,
    CREW_AUTH_URL: sandbox.authUrl,
    CREW_REALM: sandbox.realm,
    CREW_API_URL: sandbox.baseUrl,
  };
}

/** Resident set size of a process in MiB (Linux /proc; `ps` elsewhere). */
export function rssMiB(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = Number(status.match(/^VmRSS:\s+(\d+)\s+kB/m)?.[1]);
    if (Number.isFinite(kib)) return kib / 1024;
  } catch {
    // Not Linux: fall back to ps.
  }
  const kib = Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim());
  return kib / 1024;
}

/** Sample a process's RSS every `everyMs` until stopped; returns the samples. */
export function sampleRss(pid: number, everyMs = 50): { stop(): number[] } {
  const samples: number[] = [rssMiB(pid)];
  const timer = setInterval(() => {
    try {
      samples.push(rssMiB(pid));
    } catch {
      // The process is gone; the samples so far stand.
    }
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return samples;
    },
  };
}

/** Servers spawned outside the SDK's stdio transport, so that a watchdog exit can stop them. */
const children = new Set<ChildProcess>();

export function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Stop every tracked server still running (the watchdog's last act). */
export function killTracked(): void {
  for (const child of children) child.kill('SIGTERM');
}
