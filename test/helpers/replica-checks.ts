// What the replica tests check the same way in every auth mode (the one-key modes' replicas and
// the hosted connector's): a write through one replica seen by another's next staffing read, and
// one client's rate limit holding across replicas.
import type { Client } from '@modelcontextprotocol/client';
import { expect } from 'vitest';
import { callTool } from './mcp.js';
import type { Replica } from './replicas.js';

/** `writer` sets a matching crew member INACTIVE; `reader`'s next find_matching_crew drops them. */
export async function expectWriteSeenByOtherReplica(reader: Client, writer: Client): Promise<void> {
  const open = await callTool(reader, 'find_open_roles', {});
  expect(open.isError, open.text).toBe(false);
  const role = open.data.roles[0];
  const ask = () => callTool(reader, 'find_matching_crew', { jobId: role.jobId, roleId: role.roleId });
  const before = await ask();
  expect(before.isError, before.text).toBe(false);
  // The reader's replica now holds the company's crew in its staffing cache (for a minute).
  const member = before.data.matches[0];
  expect(member).toBeDefined();
  const updated = await callTool(writer, 'update_crew', {
    crewId: member.crewId,
    update: { status: 'INACTIVE' },
  });
  expect(updated.isError, updated.text).toBe(false);
  const after = await ask();
  expect(after.isError, after.text).toBe(false);
  expect(after.data.considered).toBe(before.data.considered - 1);
  expect(after.data.matches.map((match: { crewId: number }) => match.crewId)).not.toContain(member.crewId);
}

/**
 * 240 requests of one client, round robin over the replicas, directly (each alone would allow
 * all 80 of its share): as many pass as one bucket of `perMinute` allows, and every replica refuses.
 */
export async function expectOneBucketAcrossReplicas(
  replicas: readonly Replica[],
  perMinute: number,
  send: (replica: Replica) => Promise<number>,
): Promise<void> {
  const started = Date.now();
  const statuses: { replica: number; status: number }[] = [];
  for (let batch = 0; batch < 240; batch += 15) {
    await Promise.all(
      Array.from({ length: 15 }, async (_, i) => {
        const replica = (batch + i) % replicas.length;
        statuses.push({ replica, status: await send(replicas[replica] as Replica) });
      }),
    );
  }
  const seconds = (Date.now() - started) / 1000;
  const allowed = statuses.filter((entry) => entry.status !== 429).length;
  const burst = Math.ceil(perMinute / 6);
  expect(allowed).toBeGreaterThanOrEqual(burst);
  expect(allowed).toBeLessThanOrEqual(burst + Math.ceil((perMinute / 60) * seconds) + 3);
  for (let replica = 0; replica < replicas.length; replica++) {
    expect(statuses.some((entry) => entry.replica === replica && entry.status === 429)).toBe(true);
  }
}
