// The people of one multi-day job as job-crew.ts rebuilds it: members with history by their
// candidate columns, each class's members by its schedules; what each holds on the job (what an
// earlier stage or a pin keeps there, the rest taken off them); and the questions its matchings
// ask of them (may this person hold that place, may they take it now, under the load cap).
import type { PlanState } from './plan-state.js';
import type { PartProblem } from './problem.js';

/** A person of the plan: a member with history (their candidate columns) or a class's member (its schedules). */
type Person =
  | { crew: number; at: Map<number, number>; booked: number; rank: number }
  | { group: number; places: number[]; rank: number };

/** A class's usable schedules on the job, by key (its places), to their column. */
export type ClassSchedules = Map<number, Map<string, number>>;

/** The places of a schedule as a key (sorted place indices). */
export const keyOf = (places: readonly number[]): string => [...places].sort((a, b) => a - b).join(',');

/** Per class with a schedule on the job: its usable schedules by key; none when a class also works off the job. */
export function classesOn(
  problem: PartProblem,
  state: PlanState,
  onJob: ReadonlySet<number>,
): ClassSchedules | undefined {
  const keys: ClassSchedules = new Map();
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

/** Members with history on the job's places: one person per crew member, their columns by place. */
function membersOn(problem: PartProblem, state: PlanState, onJob: ReadonlySet<number>): Person[] {
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
  return people;
}

export class JobPeople {
  readonly people: Person[];
  /** The job's places each person holds. */
  readonly holds: Set<number>[];
  /** Under a cap, the least the groups after the one being filled add (a person works one place in each). */
  private after: (index: number) => number = () => 0;
  /** A class's members holding the same places ask the same question: answered once. */
  private readonly asked = new Map<string, boolean>();
  private readonly classPlaces = new Map<number, Set<number>>();
  private readonly partial = new Map<number, Set<string>>();

  /**
   * The job's people, its places taken off them but for what `forced` (an earlier stage, a pin)
   * holds there, and every class schedule on it cleared (its members are placed again).
   */
  constructor(
    private readonly state: PlanState,
    problem: PartProblem,
    onJob: ReadonlySet<number>,
    classKeys: ClassSchedules,
    forced: ReadonlySet<number>,
    private readonly cap: number,
  ) {
    const { solution } = state;
    this.people = membersOn(problem, state, onJob);
    for (const schedule of problem.schedules)
      if (classKeys.has(schedule.group) && (solution[schedule.column] ?? 0) > 0)
        state.set(schedule.column, 0);
    for (const [group, keys] of classKeys) {
      if (keys.size === 0) continue;
      // After continuity's fixing only the festival's three-day schedules are left, not their first days.
      this.partial.set(group, partsOf(keys));
      this.classPlaces.set(group, new Set([...keys.keys()].flatMap((key) => key.split(',').map(Number))));
      for (let member = 0; member < (problem.groups[group]?.members.length ?? 0); member++)
        this.people.push({ group, places: [], rank: member });
    }
    this.holds = this.people.map(() => new Set<number>());
    this.people.forEach((person, index) => {
      if (!('at' in person)) return;
      for (const [place, column] of person.at) {
        if ((solution[column] ?? 0) < 0.5) continue;
        if (forced.has(column)) this.holds[index]?.add(place);
        else state.set(column, 0);
      }
    });
  }

  get size(): number {
    return this.people.length;
  }

  rank(index: number): number {
    return this.people[index]?.rank ?? 0;
  }

  /** How many people hold `place`. */
  unitsAt(place: number): number {
    return this.holds.reduce((sum, held) => sum + (held.has(place) ? 1 : 0), 0);
  }

  heldSomewhere(index: number): boolean {
    return (this.holds[index]?.size ?? 0) > 0;
  }

  /** A person's load now: booked hours (once working) and the hours of what they hold. */
  loadNow(index: number): number {
    const person = this.people[index];
    if (!person) return 0;
    if (!('at' in person)) return person.places.reduce((sum, at) => sum + this.state.hoursAt(at), 0);
    const load = this.state.loadOfColumn(person.at.values().next().value ?? -1);
    return load && load.load > 0 ? load.booked + load.load : 0;
  }

  /** Whether the person may hold the place at all (a usable column, or a place of the class's schedules). */
  mayHold(index: number, place: number): boolean {
    const person = this.people[index];
    if (!person) return false;
    if (!('at' in person)) return this.classPlaces.get(person.group)?.has(place) ?? false;
    const column = person.at.get(place);
    return column !== undefined && this.state.usable(column);
  }

  /** The groups still to fill after the current one: what `canTake` keeps room for under the cap. */
  fillingBefore(later: readonly (readonly number[])[]): void {
    // Once per person and group (not per place they are asked about).
    const least = new Map<number, number>();
    this.after = (index) => {
      const known = least.get(index);
      if (known !== undefined) return known;
      const sum = later.reduce((total, other) => {
        if (other.some((place) => this.holds[index]?.has(place))) return total;
        const hours = other
          .filter((place) => this.mayHold(index, place))
          .map((place) => this.state.hoursAt(place));
        return total + (hours.length ? Math.min(...hours) : Infinity);
      }, 0);
      least.set(index, sum);
      return sum;
    };
  }

  /** Whether the person may take the place next to what they hold: their rows, the class's schedules, the cap. */
  canTake(index: number, place: number): boolean {
    const person = this.people[index];
    if (!person || !this.mayHold(index, place)) return false;
    if (this.cap !== Infinity) {
      const booked = 'at' in person && this.loadNow(index) === 0 ? person.booked : 0;
      const load = booked + this.loadNow(index) + this.state.hoursAt(place) + this.after(index);
      if (load > this.cap + 1e-6) return false;
    }
    if ('at' in person) {
      const column = person.at.get(place) ?? -1;
      return (this.state.solution[column] ?? 0) < 0.5 && this.state.fits(column);
    }
    const question = `${person.group}|${person.places.join(',')}|${place}`;
    let answer = this.asked.get(question);
    if (answer === undefined) {
      answer = this.partial.get(person.group)?.has(keyOf([...person.places, place])) ?? false;
      this.asked.set(question, answer);
    }
    return answer;
  }

  take(index: number, place: number): void {
    const person = this.people[index];
    if (!person) return;
    this.holds[index]?.add(place);
    if ('at' in person) this.state.set(person.at.get(place) ?? -1, 1);
    else person.places.push(place);
  }

  /** Each class member's places written as their schedule's column; false when one is not a usable schedule. */
  writeClassSchedules(classKeys: ClassSchedules): boolean {
    const { solution } = this.state;
    for (const person of this.people) {
      if ('at' in person || person.places.length === 0) continue;
      const column = classKeys.get(person.group)?.get(keyOf(person.places));
      if (column === undefined) return false;
      solution[column] = (solution[column] ?? 0) + 1;
    }
    return true;
  }
}
