// One multi-day job rebuilt at its continuity bound (same-crew.ts): its people (members with
// history by their columns, each class's members by its schedules), its places taken off them but
// for what an earlier stage or a pin holds, then its groups of places filled in turn by bipartite
// matchings (unit-matching.ts), the first group's people the job's crew for every later group.
import type { JobBound } from './job-cliques.js';
import type { PlanState } from './plan-state.js';
import type { PartProblem } from './problem.js';
import { matchUnits } from './unit-matching.js';

/** A person of the plan: a member with history (their candidate columns) or a class's member (its schedules). */
type Person =
  | { crew: number; at: Map<number, number>; booked: number; rank: number }
  | { group: number; places: number[]; rank: number };

/** Most edges the matchings may look at: beyond it the part is left to the solver. */
const MAX_EDGES = 2_000_000;

/** The places of a schedule as a key (sorted place indices). */
const keyOf = (places: readonly number[]): string => [...places].sort((a, b) => a - b).join(',');

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

/** Per class with a schedule on the job: its usable schedules by key; none when a class also works off the job. */
function classesOn(problem: PartProblem, state: PlanState, onJob: ReadonlySet<number>) {
  const keys = new Map<number, Map<string, number>>();
  for (const schedule of problem.schedules) {
    const places = state.placesOf[schedule.column] ?? [];
    const on = places.filter((place) => onJob.has(place)).length;
    if (on === 0) continue;
    // The rebuild would lose its places off the job.
    if (on < places.length) return undefined;
    const known = keys.get(schedule.group) ?? new Map<string, number>();
    if (state.usable(schedule.column)) known.set(keyOf(places), schedule.column);
    keys.set(schedule.group, known);
  }
  return keys;
}

/** Every part of a class's usable schedules: what a member may hold on the way to a whole one. */
function partsOf(keys: ReadonlyMap<string, number>): Set<string> {
  const parts = new Set<string>();
  for (const key of keys.keys()) {
    const places = key.split(',');
    if (places.length > 12) continue;
    for (let subset = 1; subset < 1 << places.length; subset++)
      parts.add(places.filter((_, at) => (subset >> at) & 1).join(','));
  }
  return parts;
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
  const { solution } = state;
  const people: Person[] = [];
  const personOfCrew = new Map<number, number>();
  problem.candidates.forEach((candidate, column) => {
    const place = state.placesOf[column]?.[0];
    if (place === undefined || !onJob.has(place)) return;
    let index = personOfCrew.get(candidate.crew);
    if (index === undefined) {
      index = people.length;
      personOfCrew.set(candidate.crew, index);
      const booked = state.loadOfColumn(column)?.booked ?? 0;
      people.push({ crew: candidate.crew, at: new Map(), booked, rank: 0 });
    }
    const person = people[index];
    if (person && 'at' in person) {
      person.at.set(place, column);
      person.rank += candidate.rank;
    }
  });
  for (const schedule of problem.schedules)
    if (classKeys.has(schedule.group) && (solution[schedule.column] ?? 0) > 0) state.set(schedule.column, 0);
  const classPlaces = new Map<number, Set<number>>();
  const partial = new Map<number, Set<string>>();
  for (const [group, keys] of classKeys) {
    if (keys.size === 0) continue;
    // After continuity's fixing only the festival's three-day schedules are left, not their first days.
    partial.set(group, partsOf(keys));
    classPlaces.set(group, new Set([...keys.keys()].flatMap((key) => key.split(',').map(Number))));
    for (let member = 0; member < (problem.groups[group]?.members.length ?? 0); member++)
      people.push({ group, places: [], rank: member });
  }
  // Off the job's places, but for what an earlier stage or a pin holds there.
  const holds = people.map(() => new Set<number>());
  people.forEach((person, index) => {
    if (!('at' in person)) return;
    for (const [place, column] of person.at) {
      if ((solution[column] ?? 0) < 0.5) continue;
      if (forced.has(column)) holds[index]?.add(place);
      else state.set(column, 0);
    }
  });
  const unitsAt = (place: number) =>
    people.reduce((sum, _, index) => sum + (holds[index]?.has(place) ? 1 : 0), 0);
  /** A person's load now: booked hours (once working) and the hours of what they hold. */
  const loadNow = (index: number): number => {
    const person = people[index];
    if (!person) return 0;
    if (!('at' in person)) return person.places.reduce((sum, at) => sum + state.hoursAt(at), 0);
    const load = state.loadOfColumn(person.at.values().next().value ?? -1);
    return load && load.load > 0 ? load.booked + load.load : 0;
  };
  const mayHold = (index: number, place: number): boolean => {
    const person = people[index];
    if (!person) return false;
    if (!('at' in person)) return classPlaces.get(person.group)?.has(place) ?? false;
    const column = person.at.get(place);
    return column !== undefined && state.usable(column);
  };
  // Under a cap, the least the groups after this one add (a person works one place in each).
  let after: (index: number) => number = () => 0;
  const asked = new Map<string, boolean>();
  const canTake = (index: number, place: number): boolean => {
    const person = people[index];
    if (!person || !mayHold(index, place)) return false;
    if (cap !== Infinity) {
      const booked = 'at' in person && loadNow(index) === 0 ? person.booked : 0;
      if (booked + loadNow(index) + state.hoursAt(place) + after(index) > cap + 1e-6) return false;
    }
    if ('at' in person) {
      const column = person.at.get(place) ?? -1;
      return (solution[column] ?? 0) < 0.5 && state.fits(column);
    }
    // A class's members holding the same places ask the same question: answered once.
    const question = `${person.group}|${person.places.join(',')}|${place}`;
    let answer = asked.get(question);
    if (answer === undefined) {
      answer = partial.get(person.group)?.has(keyOf([...person.places, place])) ?? false;
      asked.set(question, answer);
    }
    return answer;
  };
  const take = (index: number, place: number): void => {
    const person = people[index];
    if (!person) return;
    holds[index]?.add(place);
    if ('at' in person) state.set(person.at.get(place) ?? -1, 1);
    else person.places.push(place);
  };
  // The crew: whoever an earlier stage holds on the job first, then those who can reach every
  // group of its places, those who may take the most of them, each best ranked first.
  const groups = [first, ...groupsBeside(job, first)];
  const heldSomewhere = (index: number) => (holds[index]?.size ?? 0) > 0;
  const everywhere = people.map((_, index) =>
    groups.every((group) => group.some((place) => mayHold(index, place))),
  );
  // Those who may take more places leave the later matchings the most choice.
  const breadth = people.map((_, index) => job.places.filter((place) => mayHold(index, place)).length);
  const order = people
    .map((_, index) => index)
    .sort(
      (a, b) =>
        Number(heldSomewhere(b)) - Number(heldSomewhere(a)) ||
        Number(everywhere[b]) - Number(everywhere[a]) ||
        (breadth[b] ?? 0) - (breadth[a] ?? 0) ||
        (people[a]?.rank ?? 0) - (people[b]?.rank ?? 0) ||
        a - b,
    );
  let crew: number[] = order;
  for (const [step, group] of groups.entries()) {
    const units: number[] = [];
    for (const place of group)
      for (let unit = unitsAt(place); unit < (bound.filled[place] ?? 0); unit++) units.push(place);
    // The first group's people must reach every group (or be held on the job already).
    const free = crew.filter(
      (index) =>
        !group.some((place) => holds[index]?.has(place)) &&
        (step > 0 || everywhere[index] === true || heldSomewhere(index)),
    );
    if (units.length * free.length > MAX_EDGES) return false;
    const later = groups.slice(step + 1);
    // Once per person and group (not per place they are asked about).
    const least = new Map<number, number>();
    after = (index) => {
      const known = least.get(index);
      if (known !== undefined) return known;
      const sum = later.reduce((total, other) => {
        if (other.some((place) => holds[index]?.has(place))) return total;
        const hours = other.filter((place) => mayHold(index, place)).map((place) => state.hoursAt(place));
        return total + (hours.length ? Math.min(...hours) : Infinity);
      }, 0);
      least.set(index, sum);
      return sum;
    };
    // The least loaded first: their place then leaves the others room under the cap.
    const loads = new Map(free.map((index) => [index, loadNow(index)]));
    free.sort((a, b) => (loads.get(a) ?? 0) - (loads.get(b) ?? 0));
    const edges = new Map<number, number[]>();
    for (const place of new Set(units))
      edges.set(
        place,
        free.filter((index) => canTake(index, place)),
      );
    const matched = matchUnits(units, edges, step === 0 ? free.filter(heldSomewhere) : []);
    if (!matched) return false;
    matched.forEach((index, unit) => {
      take(index, units[unit] ?? -1);
    });
    // The crew are the people on the first group; those held elsewhere must be among them.
    if (step === 0) {
      crew = order.filter((index) => first.some((place) => holds[index]?.has(place)));
      const inCrew = new Set(crew);
      if (people.some((_, index) => heldSomewhere(index) && !inCrew.has(index))) return false;
    }
  }
  for (const person of people) {
    if ('at' in person || person.places.length === 0) continue;
    const column = classKeys.get(person.group)?.get(keyOf(person.places));
    if (column === undefined) return false;
    solution[column] = (solution[column] ?? 0) + 1;
  }
  return true;
}
