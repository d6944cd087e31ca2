// A plan being rebuilt without the solver (same-crew.ts): its columns' values, the activity of
// every upper-bounded row over candidate and schedule columns, and each person's proposed hours,
// kept in step as columns change, so whether one more column fits is a look at its own rows.
import { placesOfColumns } from './job-cliques.js';
import type { PartProblem } from './problem.js';

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

export class PlanState {
  readonly solution: Float64Array;
  readonly placesOf: number[][];
  private readonly byColumn: [number, number][][];
  private readonly activity: Float64Array;
  /** Per candidate column, its person's booked and proposed hours (one entry per person). */
  private readonly loadOf = new Map<number, { booked: number; load: number }>();
  /** Columns of a person whose "used" column is fixed at 0 (reduced-cost fixing): never usable. */
  private readonly blocked = new Set<number>();

  constructor(
    private readonly problem: PartProblem,
    inHand: Float64Array,
  ) {
    this.solution = Float64Array.from(inHand, (x, column) =>
      problem.integrality[column] === 1 ? Math.round(x) : x,
    );
    this.placesOf = placesOfColumns(problem);
    this.byColumn = plainRows(problem);
    this.activity = new Float64Array(problem.rows.upper.length);
    for (const { terms, booked } of problem.loads) {
      const entry = { booked, load: 0 };
      for (const [column, hours] of terms) {
        this.loadOf.set(column, entry);
        if ((this.solution[column] ?? 0) > 0.5) entry.load += hours;
      }
    }
    this.byColumn.forEach((rows, column) => {
      for (const [row, coefficient] of rows)
        this.activity[row] = (this.activity[row] ?? 0) + (this.solution[column] ?? 0) * coefficient;
    });
    for (const { used, columns } of problem.links)
      if (problem.zeroed.has(used)) for (const column of columns) this.blocked.add(column);
  }

  hoursAt(place: number): number {
    return this.problem.placeColumns[place]?.hours ?? 0;
  }

  /** A column's value set, its rows' activity and its person's hours with it. */
  set(column: number, value: number): void {
    const step = value - (this.solution[column] ?? 0);
    if (step === 0) return;
    this.solution[column] = value;
    for (const [row, coefficient] of this.byColumn[column] ?? [])
      this.activity[row] = (this.activity[row] ?? 0) + step * coefficient;
    const load = this.loadOf.get(column);
    const place = this.placesOf[column]?.[0];
    if (load && place !== undefined) load.load += step * this.hoursAt(place);
  }

  usable(column: number): boolean {
    return (
      !this.problem.zeroed.has(column) &&
      !this.blocked.has(column) &&
      (this.problem.colUpper[column] ?? 0) >= 1
    );
  }

  /** Whether one more unit of the column keeps every upper-bounded row it is in. */
  fits(column: number): boolean {
    const { upper } = this.problem.rows;
    return (this.byColumn[column] ?? []).every(
      ([row, coefficient]) => (this.activity[row] ?? 0) + coefficient <= (upper[row] ?? 0) + 1e-9,
    );
  }

  /** The person's booked hours and the hours proposed to them. */
  loadOfColumn(column: number): { booked: number; load: number } | undefined {
    return this.loadOf.get(column);
  }
}
