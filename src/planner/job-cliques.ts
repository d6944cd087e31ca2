// The continuity stage's bound without the solver: per multi-day job, a set of its places no one
// person can hold two of (a clique of "exclusive" places: an overlap or a short rest, one shift a
// local day, the caps, whoever the person is) needs as many different people as it has places
// filled. With the places filled at their counting bound (every place filled to its own bound, the
// first stage's optimum) each place's count is known, so the heaviest such clique per job, summed
// over the jobs, bounds the number of people per job that every plan keeping the places filled
// counts. On the 300-place festival one day's 100 places are such a set: 100 people, the
// continuity optimum, which HiGHS proved in 0.5 s warm and 1.4-5 s cold (Liftoff).
import { localStartDay } from '../rules/shifts.js';
import { localWeek, type PlanModel } from './model.js';
import type { JobPlaces, PartProblem, Stage } from './problem.js';
import { type Kept, placesAtBound } from './stages.js';

/** Whether no person can hold both shifts, from the rules alone (the rows per person say no more than these for the pair). */
function exclusivePair(model: PlanModel, a: number, b: number): boolean {
  const { options } = model;
  const first = model.roles[a]?.shift;
  const second = model.roles[b]?.shift;
  if (!first || !second) return false;
  const restMs = Math.max(0, options.minRestHours) * 3_600_000;
  // The clash rows' spans (rows.ts clashCliques): each shift extended by the minimum rest.
  if (
    first.window.startMs < second.window.endMs + restMs &&
    second.window.startMs < first.window.endMs + restMs
  )
    return true;
  if (options.maxShiftsPerDay === 1 && localStartDay(first) === localStartDay(second)) return true;
  if (options.maxShiftsPerWeek === 1 && localWeek(first) === localWeek(second)) return true;
  if (options.maxShiftsPerPerson === 1) return true;
  return false;
}

/** The part's multi-day jobs and their exclusive pairs; none when continuity does not count people. */
export function jobPlaces(model: PlanModel, places: readonly number[]): JobPlaces[] {
  if (!model.options.continuity) return [];
  const byJob = new Map<string, number[]>();
  places.forEach((place, index) => {
    const job = model.roles[place]?.multiDayJobId;
    if (job) byJob.set(job, [...(byJob.get(job) ?? []), index]);
  });
  return [...byJob.values()].map((indices) => {
    const exclusive = new Uint8Array(indices.length * indices.length);
    indices.forEach((a, i) => {
      indices.forEach((b, j) => {
        if (i < j && exclusivePair(model, places[a] ?? -1, places[b] ?? -1)) {
          exclusive[i * indices.length + j] = 1;
          exclusive[j * indices.length + i] = 1;
        }
      });
    });
    return { places: indices, exclusive };
  });
}

/** One job's heaviest cliques found (positions in job.places), greedily from each place: any clique is a bound. */
function heaviestCliques(job: JobPlaces, weight: readonly number[]): { weight: number; cliques: number[][] } {
  const n = job.places.length;
  const order = Array.from({ length: n }, (_, i) => i).sort(
    (a, b) => (weight[b] ?? 0) - (weight[a] ?? 0) || a - b,
  );
  let best = 0;
  const found = new Map<string, number[]>();
  for (const seed of order) {
    const clique = [seed];
    for (const other of order)
      if (other !== seed && clique.every((member) => job.exclusive[member * n + other] === 1))
        clique.push(other);
    const total = clique.reduce((sum, member) => sum + (weight[member] ?? 0), 0);
    if (total < best) continue;
    if (total > best) found.clear();
    best = total;
    clique.sort((a, b) => a - b);
    found.set(clique.join(','), clique);
  }
  return { weight: best, cliques: [...found.values()] };
}

/** Per job: its bound (people it needs) and the cliques (indices of placeColumns) that reach it. */
export interface JobBound {
  job: JobPlaces;
  need: number;
  tight: number[][];
  /** Each place's units filled (placeColumns order). */
  filled: number[];
}

/**
 * The continuity stage's bound: the places filled at their counting bound (each place's count
 * known), each job's heaviest clique found. None when the places filled are not at that bound, or
 * the stage is not continuity.
 */
export function continuityBound(
  problem: PartProblem,
  stage: Stage,
  earlier: readonly Kept[],
): { bound: number; jobs: JobBound[] } | undefined {
  if (stage.name !== 'continuity' || problem.jobs.length === 0) return undefined;
  const filled = earlier.find((kept) => kept.stage.name === 'filled');
  if (!filled) return undefined;
  const perPlace = placesAtBound(problem, filled.stage, filled.value);
  if (!perPlace) return undefined;
  const units = perPlace.map((place) => place.bound);
  const jobs = problem.jobs.map((job): JobBound => {
    const heaviest = heaviestCliques(
      job,
      job.places.map((place) => units[place] ?? 0),
    );
    return {
      job,
      need: heaviest.weight,
      tight: heaviest.cliques.map((clique) => clique.map((at) => job.places[at] ?? -1)),
      filled: units,
    };
  });
  return { bound: jobs.reduce((sum, job) => sum + job.need, 0), jobs };
}

/** A part's columns never change once built: their places, found once per part. */
const placesOfPart = new WeakMap<PartProblem, number[][]>();

/** Per column of a candidate or schedule, the places (indices of placeColumns) it fills. */
export function placesOfColumns(problem: PartProblem): number[][] {
  const known = placesOfPart.get(problem);
  if (known) return known;
  const of: number[][] = Array.from(
    { length: problem.candidates.length + problem.schedules.length },
    () => [],
  );
  problem.placeColumns.forEach((place, index) => {
    for (const column of [...place.columns, ...place.schedules]) of[column]?.push(index);
  });
  placesOfPart.set(problem, of);
  return of;
}

/**
 * Columns no plan at the continuity bound can use: at the bound every job has exactly as many
 * people as a tight clique has places filled, each of them on one of its places, so a person
 * (or a schedule's member) on the job with no place in some tight clique is on no such plan.
 * The festival: crew who cannot work all three days, and schedules of fewer than three days.
 */
export function offTightCliques(problem: PartProblem, jobs: readonly JobBound[]): number[] {
  const placesOf = placesOfColumns(problem);
  // One pass over the columns, each by the job of its places (a part may have many jobs).
  const jobOf = new Map<number, number>();
  jobs.forEach(({ job }, at) => {
    for (const place of job.places) jobOf.set(place, at);
  });
  const byJobAndCrew = jobs.map(() => new Map<number, number[]>());
  const schedulesOn = jobs.map((): number[] => []);
  problem.candidates.forEach((candidate, column) => {
    const at = jobOf.get(placesOf[column]?.[0] ?? -1);
    if (at === undefined || problem.zeroed.has(column)) return;
    const byCrew = byJobAndCrew[at];
    const list = byCrew?.get(candidate.crew);
    if (list) list.push(column);
    else byCrew?.set(candidate.crew, [column]);
  });
  for (const schedule of problem.schedules) {
    if (problem.zeroed.has(schedule.column)) continue;
    const touched = new Set((placesOf[schedule.column] ?? []).flatMap((place) => jobOf.get(place) ?? []));
    for (const at of touched) schedulesOn[at]?.push(schedule.column);
  }
  const reaches = (columns: readonly number[], clique: ReadonlySet<number>) =>
    columns.some((column) => placesOf[column]?.some((place) => clique.has(place)));
  const off: number[] = [];
  jobs.forEach(({ tight }, at) => {
    const cliques = tight.map((clique) => new Set(clique));
    for (const columns of byJobAndCrew[at]?.values() ?? [])
      if (cliques.some((clique) => !reaches(columns, clique))) off.push(...columns);
    for (const column of schedulesOn[at] ?? [])
      if (cliques.some((clique) => !reaches([column], clique))) off.push(column);
  });
  return [...new Set(off)].filter((column) => (problem.colLower[column] ?? 0) === 0);
}

/**
 * The least load of someone held on a job (a column in `forced`) when every job is at its bound:
 * their booked and held hours, plus per tight clique (pairwise apart, greedily) they hold nothing
 * in the shortest place of it they may take; the most of these over the people held.
 */
export function tightLoad(
  problem: PartProblem,
  jobs: readonly JobBound[],
  forced: ReadonlySet<number>,
): number {
  const placesOf = placesOfColumns(problem);
  let most = 0;
  for (const { terms, booked } of problem.loads) {
    const held = terms.filter(([column]) => forced.has(column));
    if (held.length === 0) continue;
    const heldPlaces = new Set(held.flatMap(([column]) => placesOf[column] ?? []));
    let load = held.reduce((sum, [, hours]) => sum + hours, booked);
    for (const { job, tight } of jobs) {
      if (!job.places.some((place) => heldPlaces.has(place))) continue;
      const apart: number[][] = [];
      for (const clique of tight)
        if (apart.every((other) => !other.some((place) => clique.includes(place)))) apart.push(clique);
      for (const clique of apart) {
        if (clique.some((place) => heldPlaces.has(place))) continue;
        const hours = terms
          .filter(
            ([column]) =>
              !problem.zeroed.has(column) && placesOf[column]?.some((place) => clique.includes(place)),
          )
          .map(([, each]) => each);
        // None: no plan at the bound holds this person on the job (then any load bounds nothing); add nothing.
        if (hours.length) load += Math.min(...hours);
      }
    }
    most = Math.max(most, load);
  }
  return most;
}
