// The stage's linear relaxation and what it proves: a whole-number optimum is the stage's; its
// reduced costs fix columns no optimal plan uses (for a smaller MIP near the bound, and for every
// later stage once the stage is proven).
import type { Highs } from 'highs';
import type { HighsModel, PartProblem, Stage } from './problem.js';

export interface Relaxation {
  value: number;
  colValue: Float64Array;
  colDual: Float64Array;
  /** Every integer column integral in the relaxation's optimum: it is the stage's optimum. */
  integral: boolean;
}

/** The stage's linear relaxation (the model's integrality restored after), or none when not solved. */
export function relax(
  highs: Highs,
  model: HighsModel,
  problem: PartProblem,
  deadline: number,
  now: () => number,
): Relaxation | undefined {
  model.clearIntegrality();
  try {
    model.options.set({ time_limit: Math.max(0.05, (deadline - now()) / 1000) });
    model.run();
    if (model.getModelStatus() !== highs.constants.modelStatus.optimal) return undefined;
    const { colValue, colDual } = model.getSolution();
    const integral = problem.integrality.every(
      (kind, column) =>
        kind !== 1 || Math.abs((colValue[column] ?? 0) - Math.round(colValue[column] ?? 0)) <= 1e-6,
    );
    return {
      value: model.getObjectiveValue(),
      colValue: Float64Array.from(colValue),
      colDual: Float64Array.from(colDual),
      integral,
    };
  } finally {
    model.changeColsIntegrality(
      { kind: 'range', from: 0, to: problem.numCols - 1 },
      Int32Array.from(problem.integrality),
    );
  }
}

/**
 * A plan at the relaxation's bound, searched first in a smaller model: if the stage's optimum is
 * the relaxation's bound rounded to the integer objective, no column whose reduced cost exceeds
 * the room between them can be in it (the reduced-cost argument of fixByReducedCost), so those
 * columns are fixed at 0 and a MIP searches the rest. When its plan reaches the bound it is the
 * stage's optimum, proven by the bound, without the whole model's branch and bound (on the
 * 300-place event, continuity: half of 8,938 columns fixed, 1.6 s to 0.4 s warm). Otherwise its
 * plan, if any, starts the whole model's MIP. The bounds are restored before returning.
 */
export function nearRelaxation(
  model: HighsModel,
  problem: PartProblem,
  stage: Stage,
  relaxed: Relaxation,
  deadline: number,
  now: () => number,
): { solution: Float64Array; reached: boolean } | undefined {
  const target = stage.sense === 'min' ? Math.ceil(relaxed.value - 1e-6) : Math.floor(relaxed.value + 1e-6);
  const { lower, upper } = model.getCols({ kind: 'range', from: 0, to: problem.numCols - 1 });
  const sign = stage.sense === 'min' ? 1 : -1;
  const room = sign * (target - relaxed.value) + 1e-6 * Math.max(1, Math.abs(target));
  const fix: number[] = [];
  problem.integrality.forEach((kind, column) => {
    const x = relaxed.colValue[column] ?? 0;
    if (
      kind === 1 &&
      (lower[column] ?? 0) === 0 &&
      (upper[column] ?? 0) > 0 &&
      x <= 1e-9 &&
      sign * (relaxed.colDual[column] ?? 0) > room
    )
      fix.push(column);
  });
  if (fix.length === 0) return undefined;
  const at = new Float64Array(fix.length);
  model.changeColsBounds({ kind: 'set', indices: fix }, at, at);
  try {
    // Most of the time left: this is the likelier proof, and its plan starts the whole MIP if not.
    model.options.set({ time_limit: Math.max(0.05, ((deadline - now()) * 0.75) / 1000) });
    model.run();
    if (model.info.get('primal_solution_status') !== 2) return undefined;
    const value = model.getObjectiveValue();
    const reached = stage.sense === 'min' ? value <= target + 1e-6 : value >= target - 1e-6;
    return { solution: Float64Array.from(model.getSolution().colValue), reached };
  } finally {
    model.changeColsBounds(
      { kind: 'set', indices: fix },
      Float64Array.from(fix, (column) => lower[column] ?? 0),
      Float64Array.from(fix, (column) => upper[column] ?? 0),
    );
  }
}

/**
 * Reduced-cost fixing once a stage is proven at `value`: its relaxation (optimum z, reduced costs
 * d) says every plan costs at least z + d_j x_j for a column j at its lower bound 0, so a column
 * whose reduced cost exceeds |value - z| is 0 in every plan that keeps the stage at its optimum,
 * and later stages (the fairness probes, the ranking) never see it. On the 300-place event the
 * continuity optimum equals its relaxation's, which rules out half the columns.
 */
export function fixByReducedCost(
  model: HighsModel,
  problem: PartProblem,
  stage: Stage,
  relaxed: Relaxation,
  value: number,
): void {
  const sign = stage.sense === 'min' ? 1 : -1;
  const room = Math.max(0, sign * (value - relaxed.value)) + 1e-6 * Math.max(1, Math.abs(value));
  const fixed: number[] = [];
  for (let column = 0; column < problem.numCols; column++) {
    if (problem.integrality[column] !== 1 || problem.colLower[column] !== 0) continue;
    if (problem.zeroed.has(column) || (relaxed.colValue[column] ?? 0) > 1e-9) continue;
    if (sign * (relaxed.colDual[column] ?? 0) <= room) continue;
    problem.zeroed.add(column);
    fixed.push(column);
  }
  // One call for all: a real week's continuity fixes some 2,500 columns.
  if (fixed.length) {
    const zeros = new Float64Array(fixed.length);
    model.changeColsBounds({ kind: 'set', indices: fixed }, zeros, zeros);
  }
}
