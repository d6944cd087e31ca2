// One multi-day job rebuilt at its continuity bound (same-crew.ts): its people (members with
// history by their columns, each class's members by its schedules), its places taken off them but
// for what an earlier stage or a pin holds, then its groups of places filled in turn by bipartite
// matchings (unit-matching.ts), the first group's people the job's crew for every later group.
import type { JobBound } from './job-cliques.js';
import { classesOn, JobPeople } from './job-people.js';
import type { PlanState } from './plan-state.js';
import type { PartProblem } from './problem.js';
import { matchUnits } from './unit-matching.js';

/** Most edges the matchings may look at: beyond it the part is left to the solver. */
const MAX_EDGES = 2_000_000;

/** The other places of a job in groups no one person holds two of (greedily, in place order). */
function groupsBeside(job: JobBound['job'], first: readonly number[]): number[][] {
  const n = job.places.length;
  const position = new Map(job.places.map((place, at) => [place, at]));
  const taken = new Set(first);
  const groups: number[][] = [];
  for (const place of job.places) {
    if (taken.has(place)) continue;
    const group = [place];
    taken.add(place);
    for (const other of job.places) {
      if (taken.has(other)) continue;
      const at = position.get(other) ?? 0;
      if (group.every((member) => job.exclusive[(position.get(member) ?? 0) * n + at] === 1)) {
        group.push(other);
        taken.add(other);
      }
    }
    groups.push(group);
  }
  return groups;
}

/**
 * The order people are asked in: whoever an earlier stage holds on the job first, then those who
 * can reach every group of its places, those who may take the most of them (they leave the later
 * matchings the most choice), each best ranked first.
 */
function crewOrder(people: JobPeople, jobPlaces: readonly number[], groups: readonly number[][]) {
  const indices = Array.from({ length: people.size }, (_, index) => index);
  const everywhere = indices.map((index) =>
    groups.every((group) => group.some((place) => people.mayHold(index, place))),
  );
  const breadth = indices.map((index) => jobPlaces.filter((place) => people.mayHold(index, place)).length);
  const order = [...indices].sort(
    (a, b) =>
      Number(people.heldSomewhere(b)) - Number(people.heldSomewhere(a)) ||
      Number(everywhere[b]) - Number(everywhere[a]) ||
      (breadth[b] ?? 0) - (breadth[a] ?? 0) ||
      people.rank(a) - people.rank(b) ||
      a - b,
  );
  return { order, everywhere };
}

/**
 * One group's places still short matched to the `free` people; with `heldFirst`, those already
 * holding a place of the job are matched first. False when a place stays short.
 */
function fillGroup(
  people: JobPeople,
  filled: JobBound['filled'],
  group: readonly number[],
  free: number[],
  heldFirst: boolean,
): boolean {
  const units: number[] = [];
  for (const place of group)
    for (let unit = people.unitsAt(place); unit < (filled[place] ?? 0); unit++) units.push(place);
  if (units.length * free.length > MAX_EDGES) return false;
  // The least loaded first: their place then leaves the others room under the cap.
  const loads = new Map(free.map((index) => [index, people.loadNow(index)]));
  free.sort((a, b) => (loads.get(a) ?? 0) - (loads.get(b) ?? 0));
  const edges = new Map<number, number[]>();
  for (const place of new Set(units))
    edges.set(
      place,
      free.filter((index) => people.canTake(index, place)),
    );
  const matched = matchUnits(
    units,
    edges,
    heldFirst ? free.filter((index) => people.heldSomewhere(index)) : [],
  );
  if (!matched) return false;
  matched.forEach((index, unit) => {
    people.take(index, units[unit] ?? -1);
  });
  return true;
}

/**
 * The job's places filled again with as many people as its first tight clique has places filled
 * (bound.tight[0]), nobody's load above `cap`; false when a matching leaves a place short (the
 * plan is then not at the bound) or the job cannot be rebuilt.
 */
export function rebuildJob(
  problem: PartProblem,
  state: PlanState,
  bound: JobBound,
  forced: ReadonlySet<number>,
  cap: number,
): boolean {
  const { job, tight } = bound;
  const first = tight[0];
  if (!first) return false;
  const onJob = new Set(job.places);
  const classKeys = classesOn(problem, state, onJob);
  if (!classKeys) return false;
  const people = new JobPeople(state, problem, onJob, classKeys, forced, cap);
  const groups = [first, ...groupsBeside(job, first)];
  const { order, everywhere } = crewOrder(people, job.places, groups);
  let crew: number[] = order;
  for (const [step, group] of groups.entries()) {
    // The first group's people must reach every group (or be held on the job already).
    const free = crew.filter(
      (index) =>
        !group.some((place) => people.holds[index]?.has(place)) &&
        (step > 0 || everywhere[index] === true || people.heldSomewhere(index)),
    );
    people.fillingBefore(groups.slice(step + 1));
    if (!fillGroup(people, bound.filled, group, free, step === 0)) return false;
    // The crew are the people on the first group; those held elsewhere must be among them.
    if (step === 0) {
      crew = order.filter((index) => first.some((place) => people.holds[index]?.has(place)));
      const inCrew = new Set(crew);
      if (order.some((index) => people.heldSomewhere(index) && !inCrew.has(index))) return false;
    }
  }
  return people.writeClassSchedules(classKeys);
}
