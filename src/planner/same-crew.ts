// A plan at the continuity bound (job-cliques.ts) built without the solver: per multi-day job,
// the people on one tight clique's places (a day of the festival) are the job's crew, and every
// other group of its places (a set no one holds two of) is filled by them alone, a bipartite
// matching of that group's places to those people (augmenting paths), each edge a person who may
// take the place next to what they hold (their rows, the class's schedules, a load cap). Greedy
// between groups, so it proves nothing alone: the plan is checked against every row and every
// earlier optimum, and proves the stage only where it reaches the bound.
import { complete, satisfies } from './first-plan.js';
import { type JobBound, placesOfColumns } from './job-cliques.js';
import type { PartProblem, Stage } from './problem.js';
import { stageValue } from './stages.js';

/** A stage proven earlier and its optimum (as without-lp.ts keeps them). */
interface Kept {
  stage: Stage;
  value: number;
}

/** A person of the plan: a member with history (their candidate columns) or a class's member (its schedules). */
type Person =
  | { crew: number; at: Map<number, number>; booked: number; rank: number }
  | { group: number; places: number[]; rank: number };

/** A part's rows never change once built: indexed once per part, however many plans are built on it. */
const rowsOfPart = new WeakMap<PartProblem, [number, number][][]>();

/** Upper-bounded rows over candidate and schedule columns, per column with its coefficient. */
function plainRows(problem: PartProblem): [number, number][][] {
  const known = rowsOfPart.get(problem);
  if (known) return known;
  const byColumn = indexRows(problem);
  rowsOfPart.set(problem, byColumn);
  return byColumn;
}

function indexRows(problem: PartProblem): [number, number][][] {
  const firstExtra = problem.candidates.length + problem.schedules.length;
  const { starts, indices, values, upper } = problem.rows;
  const byColumn: [number, number][][] = Array.from({ length: firstExtra }, () => []);
  for (let row = 0; row < upper.length; row++) {
    if ((upper[row] ?? Infinity) === Infinity) continue;
    const end = starts[row + 1] ?? indices.length;
    let plain = true;
    for (let entry = starts[row] ?? 0; plain && entry < end; entry++)
      if ((indices[entry] ?? 0) >= firstExtra) plain = false;
    if (plain)
      for (let entry = starts[row] ?? 0; entry < end; entry++)
        byColumn[indices[entry] ?? 0]?.push([row, values[entry] ?? 0]);
  }
  return byColumn;
}

/** Columns an earlier stage counts (kept, pending) or a pin holds: a rebuilt job keeps them where they are. */
function forcedColumns(problem: PartProblem, earlier: readonly Kept[], solution: Float64Array): Set<number> {
  const forced = new Set<number>();
  for (let column = 0; column < problem.candidates.length; column++) {
    if ((solution[column] ?? 0) < 0.5) continue;
    if ((problem.colLower[column] ?? 0) > 0) forced.add(column);
    for (const { stage } of earlier)
      if (stage.name !== 'filled' && (stage.costs[column] ?? 0) !== 0) forced.add(column);
  }
  return forced;
}

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

/** Most edges the matchings may look at: beyond it the part is left to the solver. */
const MAX_EDGES = 2_000_000;

/**
 * A plan keeping `inHand` off the jobs and every earlier optimum, with each job's people at its
 * bound where the matchings find one, nobody's load above `cap`; undefined when they do not or the
 * plan breaks a row (the caller compares its value with the bound).
 */
export function sameCrewPlan(
  problem: PartProblem,
  jobs: readonly JobBound[],
  earlier: readonly Kept[],
  inHand: Float64Array,
  cap = Infinity,
): Float64Array | undefined {
  const solution = Float64Array.from(inHand, (x, column) =>
    problem.integrality[column] === 1 ? Math.round(x) : x,
  );
  const placesOf = placesOfColumns(problem);
  const byColumn = plainRows(problem);
  const activity = new Float64Array(problem.rows.upper.length);
  const loadOf = new Map<number, { booked: number; load: number }>();
  for (const { terms, booked } of problem.loads) {
    const entry = { booked, load: 0 };
    for (const [column, hours] of terms) {
      loadOf.set(column, entry);
      if ((solution[column] ?? 0) > 0.5) entry.load += hours;
    }
  }
  const hoursAt = (place: number) => problem.placeColumns[place]?.hours ?? 0;
  const setColumn = (column: number, value: number): void => {
    const step = value - (solution[column] ?? 0);
    if (step === 0) return;
    solution[column] = value;
    for (const [row, coefficient] of byColumn[column] ?? [])
      activity[row] = (activity[row] ?? 0) + step * coefficient;
    const load = loadOf.get(column);
    const place = placesOf[column]?.[0];
    if (load && place !== undefined) load.load += step * hoursAt(place);
  };
  for (let column = 0; column < byColumn.length; column++)
    for (const [row, coefficient] of byColumn[column] ?? [])
      activity[row] = (activity[row] ?? 0) + (solution[column] ?? 0) * coefficient;
  const forced = forcedColumns(problem, earlier, solution);
  const blocked = new Set<number>();
  for (const { used, columns } of problem.links)
    if (problem.zeroed.has(used)) for (const column of columns) blocked.add(column);
  const usable = (column: number) =>
    !problem.zeroed.has(column) && !blocked.has(column) && (problem.colUpper[column] ?? 0) >= 1;

  for (const bound of jobs) {
    const { job, tight } = bound;
    const first = tight[0];
    if (!first) return undefined;
    const onJob = new Set(job.places);
    // Classes on the job: all their places on it (else the rebuild would lose their other places).
    const classKeys = new Map<number, Map<string, number>>();
    for (const schedule of problem.schedules) {
      const places = placesOf[schedule.column] ?? [];
      const on = places.filter((place) => onJob.has(place)).length;
      if (on === 0) continue;
      if (on < places.length) return undefined;
      const keys = classKeys.get(schedule.group) ?? new Map<string, number>();
      if (usable(schedule.column)) keys.set([...places].sort((a, b) => a - b).join(','), schedule.column);
      classKeys.set(schedule.group, keys);
    }
    // The people: members with history by their columns on the job, then each class's members.
    const people: Person[] = [];
    const personOfCrew = new Map<number, number>();
    problem.candidates.forEach((candidate, column) => {
      const place = placesOf[column]?.[0];
      if (place === undefined || !onJob.has(place)) return;
      let index = personOfCrew.get(candidate.crew);
      if (index === undefined) {
        index = people.length;
        personOfCrew.set(candidate.crew, index);
        people.push({
          crew: candidate.crew,
          at: new Map(),
          booked: loadOf.get(column)?.booked ?? 0,
          rank: 0,
        });
      }
      const person = people[index];
      if (person && 'at' in person) {
        person.at.set(place, column);
        person.rank += candidate.rank;
      }
    });
    const classPlaces = new Map<number, Set<number>>();
    for (const schedule of problem.schedules)
      if (classKeys.has(schedule.group) && (solution[schedule.column] ?? 0) > 0)
        setColumn(schedule.column, 0);
    // What a member may hold on the way to a whole schedule: every part of a usable one (after
    // continuity's fixing only the festival's three-day schedules are left, not their first days).
    const partial = new Map<number, Set<string>>();
    for (const [group, keys] of classKeys) {
      if (keys.size === 0) continue;
      const parts = new Set<string>();
      for (const key of keys.keys()) {
        const places = key.split(',');
        if (places.length > 12) continue;
        for (let subset = 1; subset < 1 << places.length; subset++)
          parts.add(places.filter((_, at) => (subset >> at) & 1).join(','));
      }
      partial.set(group, parts);
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
        else setColumn(column, 0);
      }
    });
    const unitsAt = (place: number) =>
      people.reduce((sum, _, index) => sum + (holds[index]?.has(place) ? 1 : 0), 0);
    /** A person's load now: booked hours (once working) and the hours of what they hold. */
    const loadNow = (index: number): number => {
      const person = people[index];
      if (!person) return 0;
      if (!('at' in person)) return person.places.reduce((sum, at) => sum + hoursAt(at), 0);
      const load = loadOf.get(person.at.values().next().value ?? -1);
      return load && load.load > 0 ? load.booked + load.load : 0;
    };
    const mayHold = (index: number, place: number): boolean => {
      const person = people[index];
      if (!person) return false;
      if (!('at' in person)) return classPlaces.get(person.group)?.has(place) ?? false;
      const column = person.at.get(place);
      return column !== undefined && usable(column);
    };
    // Under a cap, the least the groups after this one add (a person works one place in each).
    let after: (index: number) => number = () => 0;
    const canTake = (index: number, place: number): boolean => {
      const person = people[index];
      if (!person || !mayHold(index, place)) return false;
      if (cap !== Infinity) {
        const booked = 'at' in person && loadNow(index) === 0 ? person.booked : 0;
        if (booked + loadNow(index) + hoursAt(place) + after(index) > cap + 1e-6) return false;
      }
      if ('at' in person) {
        const column = person.at.get(place) ?? -1;
        if ((solution[column] ?? 0) > 0.5) return false;
        return (byColumn[column] ?? []).every(
          ([row, coefficient]) => (activity[row] ?? 0) + coefficient <= (problem.rows.upper[row] ?? 0) + 1e-9,
        );
      }
      const places = [...person.places, place].sort((a, b) => a - b);
      return partial.get(person.group)?.has(places.join(',')) ?? false;
    };
    const take = (index: number, place: number): void => {
      const person = people[index];
      if (!person) return;
      holds[index]?.add(place);
      if ('at' in person) setColumn(person.at.get(place) ?? -1, 1);
      else person.places.push(place);
    };
    // The crew: whoever an earlier stage holds on the job first, then those who can reach every
    // group of its places, each best ranked first.
    const groups = [first, ...groupsBeside(job, first)];
    const reaches = (index: number, group: readonly number[]): boolean => {
      const person = people[index];
      if (!person) return false;
      if ('at' in person) return group.some((place) => person.at.has(place));
      return group.some((place) => classPlaces.get(person.group)?.has(place));
    };
    const heldSomewhere = (index: number) => (holds[index]?.size ?? 0) > 0;
    const everywhere = people.map((_, index) => groups.every((group) => reaches(index, group)));
    // The most places first: the crew of the first group must fill every other group alone, and
    // those who may take more of them leave the later matchings the most choice.
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
      if (units.length * free.length > MAX_EDGES) return undefined;
      const later = groups.slice(step + 1);
      after = (index) =>
        later.reduce((sum, other) => {
          if (other.some((place) => holds[index]?.has(place))) return sum;
          const hours = other.filter((place) => mayHold(index, place)).map(hoursAt);
          return sum + (hours.length ? Math.min(...hours) : Infinity);
        }, 0);
      // The least loaded first: their place then leaves the others room under the cap.
      const loads = new Map(free.map((index) => [index, loadNow(index)]));
      free.sort((a, b) => (loads.get(a) ?? 0) - (loads.get(b) ?? 0));
      const edges = new Map<number, number[]>();
      for (const place of new Set(units))
        edges.set(
          place,
          free.filter((index) => canTake(index, place)),
        );
      const matched = match(units, edges, step === 0 ? free.filter(heldSomewhere) : []);
      if (!matched) return undefined;
      matched.forEach((index, unit) => {
        take(index, units[unit] ?? -1);
      });
      // The crew are the people on the first group; those held elsewhere must be among them.
      if (step === 0) {
        crew = order.filter((index) => first.some((place) => holds[index]?.has(place)));
        if (people.some((_, index) => heldSomewhere(index) && !crew.includes(index))) return undefined;
      }
    }
    for (const person of people) {
      if ('at' in person || person.places.length === 0) continue;
      const column = classKeys.get(person.group)?.get([...person.places].sort((a, b) => a - b).join(','));
      if (column === undefined) return undefined;
      solution[column] = (solution[column] ?? 0) + 1;
    }
  }
  // The maximum load is this plan's (complete), not the plan in hand's.
  solution[problem.loadColumn] = 0;
  const full = complete(problem, solution);
  return satisfies(problem, full) && keeps(earlier, full) ? full : undefined;
}

const keeps = (earlier: readonly Kept[], solution: Float64Array): boolean =>
  earlier.every(({ stage, value }) => {
    const reached = stageValue(stage, solution);
    return stage.sense === 'max' ? reached >= value - 1e-6 : reached <= value + 1e-6;
  });

/**
 * A matching of every unit (a place, once per person it needs) to a different person with an
 * edge to it (Kuhn's augmenting paths), the people listed in `first` matched before the rest;
 * undefined when some unit stays alone. Returns each unit's person.
 */
function match(
  units: readonly number[],
  edges: ReadonlyMap<number, readonly number[]>,
  first: readonly number[],
): number[] | undefined {
  const personOf: (number | undefined)[] = units.map(() => undefined);
  const unitOf = new Map<number, number>();
  const unitsOf = new Map<number, number[]>();
  units.forEach((place, unit) => {
    for (const person of edges.get(place) ?? []) {
      const list = unitsOf.get(person);
      if (list) list.push(unit);
      else unitsOf.set(person, [unit]);
    }
  });
  // A free person first (most units find one), then the augmenting paths through the others.
  const fromUnit = (unit: number, seen: Set<number>): boolean => {
    const people = edges.get(units[unit] ?? -1) ?? [];
    const free = people.find((person) => !unitOf.has(person));
    if (free !== undefined) {
      personOf[unit] = free;
      unitOf.set(free, unit);
      return true;
    }
    for (const person of people) {
      if (seen.has(person)) continue;
      seen.add(person);
      const held = unitOf.get(person);
      if (held === undefined || fromUnit(held, seen)) {
        personOf[unit] = person;
        unitOf.set(person, unit);
        return true;
      }
    }
    return false;
  };
  const fromPerson = (person: number, seen: Set<number>): boolean => {
    const open = (unitsOf.get(person) ?? []).find((unit) => personOf[unit] === undefined);
    if (open !== undefined) {
      personOf[open] = person;
      unitOf.set(person, open);
      return true;
    }
    for (const unit of unitsOf.get(person) ?? []) {
      if (seen.has(unit)) continue;
      seen.add(unit);
      const holder = personOf[unit];
      if (holder === undefined || fromPerson(holder, seen)) {
        personOf[unit] = person;
        unitOf.set(person, unit);
        return true;
      }
    }
    return false;
  };
  for (const person of first) if (!fromPerson(person, new Set())) return undefined;
  for (let unit = 0; unit < units.length; unit++)
    if (personOf[unit] === undefined && !fromUnit(unit, new Set())) return undefined;
  return personOf.map((person) => person ?? -1);
}
