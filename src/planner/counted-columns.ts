// A counting stage whose objective counts few columns (crew who applied, were invited or were in
// the earlier plan), proven without the whole model's relaxation. Its optimum is at most the
// optimum of the same objective over the counted columns alone, under every row that only those
// columns can exceed (a relaxation: the other columns are dropped, which only loosens such a row,
// and the rows that hold the earlier stages' optima are dropped too). That small program has as
// many columns as the stage counts (35 of 114,540 in the busy season's first week). A plan that
// keeps its choice and fills every place as the earlier stages did, greedily, then reaches the
// bound and is the stage's optimum (without-lp.ts). The busy season's pending stage stopped "within 31.4%" after
// the whole model's relaxation (113,588 rows) outlasted the time limit.
import type { Highs } from 'highs';
import type { PartProblem, Stage } from './problem.js';

/** The counted columns' best value over the rows they alone can break, with its plan; none when not solved. */
export function countedBound(
  highs: Highs,
  problem: PartProblem,
  stage: Stage,
  deadline: number,
  now: () => number,
): { bound: number; chosen: number[] } | undefined {
  const counted: number[] = [];
  stage.costs.forEach((cost, column) => {
    if (cost !== 0 && !problem.zeroed.has(column)) counted.push(column);
  });
  if (stage.sense !== 'max' || counted.some((column) => (stage.costs[column] ?? 0) < 0)) return undefined;
  const at = new Map(counted.map((column, index) => [column, index]));
  const { starts, indices, values, upper } = problem.rows;
  const rowStarts: number[] = [];
  const rowIndices: number[] = [];
  const rowValues: number[] = [];
  const rowUpper: number[] = [];
  for (let row = 0; row < upper.length; row++) {
    const bound = upper[row] ?? Infinity;
    if (bound === Infinity) continue;
    const end = starts[row + 1] ?? indices.length;
    const kept: [number, number][] = [];
    let loosened = true;
    for (let entry = starts[row] ?? 0; entry < end; entry++) {
      const index = at.get(indices[entry] ?? -1);
      const value = values[entry] ?? 0;
      if (index !== undefined) kept.push([index, value]);
      // A dropped column with a negative coefficient would tighten the row: not a relaxation.
      else if (value < 0) loosened = false;
    }
    if (!loosened || kept.length === 0) continue;
    rowStarts.push(rowIndices.length);
    for (const [index, value] of kept) {
      rowIndices.push(index);
      rowValues.push(value);
    }
    rowUpper.push(bound);
  }
  const numCols = counted.length;
  const numRows = rowUpper.length;
  const model = highs.createModel({
    numCols,
    numRows,
    sense: highs.constants.objectiveSense.maximize,
    colCost: Float64Array.from(counted, (column) => stage.costs[column] ?? 0),
    colLower: Float64Array.from(counted, (column) => problem.colLower[column] ?? 0),
    colUpper: Float64Array.from(counted, (column) => problem.colUpper[column] ?? 0),
    rowLower: new Float64Array(numRows).fill(-highs.infinity),
    rowUpper: Float64Array.from(rowUpper),
    matrix: {
      format: 'csr',
      numRows,
      numCols,
      starts: [...rowStarts, rowIndices.length],
      indices: rowIndices,
      values: rowValues,
    },
    integrality: counted.map((column) => (problem.integrality[column] === 1 ? 1 : 0)),
  });
  try {
    model.options.set({
      output_flag: false,
      time_limit: Math.max(0.05, (deadline - now()) / 1000),
      mip_rel_gap: 0,
      mip_abs_gap: 0.999,
    });
    model.run();
    if (model.getModelStatus() !== highs.constants.modelStatus.optimal) return undefined;
    const { colValue } = model.getSolution();
    const chosen = counted.filter((_, index) => (colValue[index] ?? 0) > 0.5);
    // An integer objective: its optimum is whole, the solver's value within its tolerance of it.
    return { bound: Math.round(model.getObjectiveValue()), chosen };
  } finally {
    model.dispose();
  }
}
