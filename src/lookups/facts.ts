// The facts a mutation's checker asks for (src/rules/verdict.ts), read with the app's lookups, and
// the loop that runs a checker until it has what it needs. A fact that cannot be had because of
// a missing scope becomes `null` (the checker then notes what the platform alone checks); the
// jobs an update names cannot be missing (update_jobs needs jobs:read), so their read fails loudly.
import { ForbiddenError } from '../platform/errors.js';
import type { FactRequest, Facts, Verdict } from '../rules/verdict.js';
import type { Lookups } from './index.js';

/** A checker asks at most once per kind of fact, and update_jobs asks in two rounds (jobs, then groups). */
const MAX_ROUNDS = 4;

/** What is known without a request: the board zones cached from earlier answers. */
function initialFacts(lookups: Lookups): Facts {
  return { boardZones: lookups.jobs.cachedBoardZones() };
}

/** `facts` with the requested ones read (concurrently). */
async function gatherFacts(
  lookups: Lookups,
  facts: Facts,
  request: FactRequest,
  signal?: AbortSignal,
): Promise<Facts> {
  const next: Facts = { ...facts };
  const { boards, catalogue, jobs, groupsOf, crewMember } = request;
  await Promise.all([
    boards &&
      lookups.jobs.boardZones(boards, signal).then((zones) => {
        const known = new Map(facts.boardZones);
        for (const board of boards) known.set(board, zones.get(board) ?? null);
        next.boardZones = known;
      }),
    catalogue &&
      lookups.dataTypes.get(signal).then((known) => {
        next.catalogue = known;
      }),
    jobs &&
      lookups.jobs.readJobs(jobs, signal).then((read) => {
        next.jobs = new Map([...(facts.jobs ?? []), ...read]);
      }),
    groupsOf &&
      Promise.all(groupsOf.map((job) => lookups.jobs.readGroup(job, signal))).then((groups) => {
        const known = new Map(facts.groups);
        groupsOf.forEach((job, index) => {
          known.set(String(job.multiDayJobId), groups[index] ?? [job]);
        });
        next.groups = known;
      }),
    crewMember &&
      lookups.crew.member(crewMember, signal).then(
        (member) => {
          next.crewMember = member ?? 'missing';
        },
        (error: unknown) => {
          if (!(error instanceof ForbiddenError)) throw error;
          next.crewMember = null;
        },
      ),
  ]);
  return next;
}

/** Run a checker, reading the facts it asks for, until it refuses or plans. */
export async function settle<V extends Verdict<unknown>>(
  lookups: Lookups,
  check: (facts: Facts) => V,
  signal?: AbortSignal,
): Promise<Exclude<V, { kind: 'need' }>> {
  let facts = initialFacts(lookups);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const verdict = check(facts);
    if (verdict.kind !== 'need') return verdict as Exclude<V, { kind: 'need' }>;
    facts = await gatherFacts(lookups, facts, verdict.request, signal);
  }
  throw new Error('a checker kept asking for facts it had been given');
}
