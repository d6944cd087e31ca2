// A plan_staffing follow-up (its planId) answered by another replica than the one that planned
// (issue 30): two crew-mcp replicas behind HAProxy on one PostgreSQL, as the README's "Running
// more than one replica" runs them, keep their plans in the store, so replica B re-plans the
// places that replica A planned. The control: the same two replicas without the store keep plans
// in memory, and replica B refuses the follow-up (no kept plan), which is what a 2026-07-28
// client, stateless and sent to any replica, met before.
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallResult, callTool, connectHttp } from '../helpers/mcp.js';
import { type ReplicaSet, startReplicaSet } from '../helpers/replicas.js';

/** Open roles to plan: enough for a plan with a few people in it, small enough to solve at once. */
const PLACES = 4;

interface Place {
  jobId: string;
  roleId: string;
}

const placeKey = (place: Place) => `${place.jobId}/${place.roleId}`;

/** The places a plan answered for: the roles it filled and those it left short. */
function placesOf(result: CallResult): string[] {
  return [...new Set([...result.data.assignments, ...result.data.unfilled].map(placeKey))].sort();
}

interface Pair {
  set: ReplicaSet;
  /** Clients of replica A and replica B, each connected to it directly. */
  a: Client;
  b: Client;
}

/** Two replicas (with or without the store), a modern client on each: plan on A, follow up on B. */
function replicaPair(store: boolean): () => Pair {
  let set: ReplicaSet | undefined;
  const clients: Client[] = [];
  beforeAll(async () => {
    set = await startReplicaSet({ replicas: 2, store });
    for (const replica of set.replicas) clients.push(await connectHttp(replica.mcpUrl, 'modern'));
  }, 90_000);
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    await set?.close();
  }, 30_000);
  return () => {
    const [a, b] = clients;
    if (!set || !a || !b) throw new Error('the two replicas did not start');
    return { set, a, b };
  };
}

/** The first open roles, planned on `client`: the plan and its places. */
async function planOpenRoles(client: Client): Promise<CallResult> {
  // From the day after tomorrow: a role of today may have started (plans leave those out).
  const from = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const open = await callTool(client, 'find_open_roles', { from });
  expect(open.isError, open.text).toBe(false);
  const places = (open.data.roles as Place[]).slice(0, PLACES).map(placeKey);
  expect(places).toHaveLength(PLACES);
  const planned = await callTool(client, 'plan_staffing', { places });
  expect(planned.isError, planned.text).toBe(false);
  expect(planned.data.planId).toMatch(/^plan-/);
  expect(planned.data.assignments.length).toBeGreaterThan(0);
  return planned;
}

describe('kept plans shared by replicas through the store (--store)', () => {
  const replicas = replicaPair(true);

  it("replica B follows up on replica A's plan: the same places again, without the excluded person", async () => {
    const pair = replicas();
    const first = await planOpenRoles(pair.a);
    const excluded = first.data.assignments[0].crewId as string;
    const followUp = await callTool(pair.b, 'plan_staffing', {
      planId: first.data.planId,
      exclude: [excluded],
    });
    // Not "No kept plan": replica B found A's plan in the store and re-planned its places.
    expect(followUp.isError, followUp.text).toBe(false);
    expect(followUp.data.planId).toBe(first.data.planId);
    expect(placesOf(followUp)).toEqual(placesOf(first));
    expect(followUp.data.totals.placesOpen).toBe(first.data.totals.placesOpen);
    expect(followUp.data.options.exclude).toEqual([excluded]);
    expect(followUp.data.assignments.map((entry: { crewId: string }) => entry.crewId)).not.toContain(
      excluded,
    );
    expect(followUp.data.changes).toContainEqual(
      expect.objectContaining({ roleId: first.data.assignments[0].roleId, from: excluded }),
    );

    // And as clients reach them, through the load balancer: the follow-up's follow-up keeps both changes.
    const balanced = await connectHttp(pair.set.mcpUrl, 'modern');
    try {
      const second = first.data.assignments.find((entry: { crewId: string }) => entry.crewId !== excluded);
      const exclude = second ? [second.crewId as string] : [];
      const again = await callTool(balanced, 'plan_staffing', { planId: first.data.planId, exclude });
      expect(again.isError, again.text).toBe(false);
      expect(placesOf(again)).toEqual(placesOf(first));
      expect([...again.data.options.exclude].sort()).toEqual([excluded, ...exclude].sort());
    } finally {
      await balanced.close();
    }
  });
});

describe('the control: the same replicas without the store keep plans each in its own memory', () => {
  const replicas = replicaPair(false);

  it("replica B does not find replica A's plan", async () => {
    const pair = replicas();
    const first = await planOpenRoles(pair.a);
    const followUp = { planId: first.data.planId, exclude: [first.data.assignments[0].crewId] };
    const onB = await callTool(pair.b, 'plan_staffing', followUp);
    expect(onB.isError).toBe(true);
    expect(onB.text).toMatch(/No kept plan/);
    // Replica A, which planned it, still has it.
    const onA = await callTool(pair.a, 'plan_staffing', followUp);
    expect(onA.isError, onA.text).toBe(false);
  });
});
