// The stages proven without the whole model's relaxation (src/planner/without-lp.ts) against the
// whole model's own optimum, solved by HiGHS on the same part stage by stage: the pending stage's
// bound from its counted columns alone is never below the optimum, a plan proven at it has
// exactly the optimum and keeps every row, and the least maximum load proven from the longest
// place is the whole model's. Random small instances with crew who applied and crew booked.
import fc from 'fast-check';
import type { Highs } from 'highs';
import { describe, expect, it } from 'vitest';
import { countedBound } from '../../src/planner/counted-columns.js';
import { setThreshold } from '../../src/planner/fairness.js';
import { oneEach, satisfies } from '../../src/planner/first-plan.js';
import { loadHighs } from '../../src/planner/highs.js';
import { continuityBound } from '../../src/planner/job-cliques.js';
import { buildModel, type PlanOptions } from '../../src/planner/model.js';
import { buildPart } from '../../src/planner/part.js';
import type { HighsModel, PartProblem, Stage } from '../../src/planner/problem.js';
import { crewClasses } from '../../src/planner/reduce.js';
import { createPartModel } from '../../src/planner/solve-part.js';
import { fixStage, type Kept, keepsEvery, stageValue } from '../../src/planner/stages.js';
import {
  byCountedColumns,
  byJobCliques,
  forcedLoad,
  leastLoadByPlaces,
  leastLoadOnJobs,
  leastPossibleLoad,
} from '../../src/planner/without-lp.js';
import { resolveOptions } from '../../src/staffing/plan-request.js';
import { bookedDraws, crewDraws, roleDraws, smallFacts } from './small-instances.js';

const BASE = Date.parse('2030-06-03T00:00:00Z');

const instance = fc.record({
  roles: roleDraws(5),
  crew: crewDraws(5),
  applied: fc.array(fc.record({ crew: fc.nat(4), role: fc.nat(4) }), { minLength: 1, maxLength: 8 }),
  booked: bookedDraws(4),
  minRestHours: fc.constantFrom(0, 10),
  maxShiftsPerDay: fc.constantFrom(0, 1),
});

type Drawn = typeof instance extends fc.Arbitrary<infer T> ? T : never;

/** Instances around one multi-day job: more roles and crew, most days limited to one shift a person. */
const jobInstance: fc.Arbitrary<Drawn> = fc.record({
  roles: roleDraws(6),
  crew: crewDraws(6),
  applied: fc.array(fc.record({ crew: fc.nat(5), role: fc.nat(5) }), { minLength: 1, maxLength: 4 }),
  booked: bookedDraws(5),
  minRestHours: fc.constantFrom(0, 10),
  maxShiftsPerDay: fc.constantFrom(0, 1, 1),
});

/** The part of every place, as the planner builds it (interchangeable crew as schedules). */
function partOf(drawn: Drawn, onJob: readonly boolean[] = []): PartProblem {
  const facts = smallFacts(BASE, drawn, drawn.applied, 'APPLIED', onJob);
  const options: PlanOptions = {
    ...resolveOptions({}),
    continuity: onJob.some(Boolean),
    minRestHours: drawn.minRestHours,
    maxShiftsPerDay: drawn.maxShiftsPerDay,
  };
  const model = buildModel(facts, options);
  const { unique, classes } = crewClasses(model);
  const places = facts.roles.map((_, index) => index);
  return buildPart(model, places, [...unique, ...classes.flatMap((group) => group.members.flat())], classes);
}

/** The whole part as one MIP (the planner's rows and bounds), no reduction of this change. */
function wholeModel(highs: Highs, problem: PartProblem): HighsModel {
  const model = createPartModel(highs, problem);
  model.options.set({ mip_abs_gap: 1e-9 });
  return model;
}

/** The whole model's optimum of one stage (every earlier stage's kept by fixStage's rows). */
function optimum(highs: Highs, model: HighsModel, problem: PartProblem, stage: Stage): number {
  model.changeColsCost({ kind: 'range', from: 0, to: problem.numCols - 1 }, stage.costs);
  model.changeObjectiveSense(
    stage.sense === 'max' ? highs.constants.objectiveSense.maximize : highs.constants.objectiveSense.minimize,
  );
  model.run();
  expect(model.getModelStatus()).toBe(highs.constants.modelStatus.optimal);
  return model.getObjectiveValue();
}

/**
 * The least level at which the whole model has a plan with nobody above it (what the threshold
 * search decides): levels tried in ascending order, each a feasibility MIP.
 */
function leastFeasibleLevel(
  highs: Highs,
  model: HighsModel,
  problem: PartProblem,
  levels: readonly number[],
): number {
  model.changeColsCost(
    { kind: 'range', from: 0, to: problem.numCols - 1 },
    new Float64Array(problem.numCols),
  );
  for (const level of levels) {
    setThreshold(model, problem, level);
    model.run();
    if (model.getModelStatus() === highs.constants.modelStatus.optimal) return level;
  }
  return Infinity;
}

/** The most the listed columns can hold together in a plan keeping every stage fixed so far (0: none can be used). */
function mostOf(highs: Highs, model: HighsModel, problem: PartProblem, columns: readonly number[]): number {
  const costs = new Float64Array(problem.numCols);
  for (const column of columns) costs[column] = 1;
  model.changeColsCost({ kind: 'range', from: 0, to: problem.numCols - 1 }, costs);
  model.changeObjectiveSense(highs.constants.objectiveSense.maximize);
  model.run();
  expect(model.getModelStatus()).toBe(highs.constants.modelStatus.optimal);
  return model.getObjectiveValue();
}

describe('planner: stages proven without the whole relaxation, against the whole model', () => {
  it('bounds the pending stage by its own columns and proves only the whole optimum', async () => {
    const highs = await loadHighs();
    const proofs = { pending: 0, fairness: 0 };
    await fc.assert(
      fc.asyncProperty(instance, async (drawn) => {
        const problem = partOf(drawn);
        const filled = problem.stages.find((stage) => stage.name === 'filled');
        const pending = problem.stages.find((stage) => stage.name === 'pending');
        if (!filled || !pending) return;
        const whole = wholeModel(highs, problem);
        try {
          const most = Math.round(optimum(highs, whole, problem, filled));
          fixStage(highs, whole, problem, filled, 0, most);
          const best = Math.round(optimum(highs, whole, problem, pending));
          fixStage(highs, whole, problem, pending, 1, best);
          const forever = Date.now() + 60_000;
          expect(countedBound(highs, problem, pending, forever, Date.now)?.bound).toBeGreaterThanOrEqual(
            best,
          );
          const earlier: Kept[] = [{ stage: filled, value: most }];
          const start = oneEach(problem) ?? Float64Array.from(problem.colLower);
          const byCounted = byCountedColumns(highs, problem, pending, earlier, start, forever, Date.now);
          if (!('proven' in byCounted)) return;
          proofs.pending++;
          expect(byCounted.value).toBe(best);
          expect(satisfies(problem, byCounted.solution)).toBe(true);
          expect(stageValue(filled, byCounted.solution)).toBe(most);
          if (!problem.levels) return;
          const kept = [...earlier, { stage: pending, value: best }];
          const lower = Math.max(problem.leastLoad, forcedLoad(problem, kept));
          const level = leastFeasibleLevel(highs, whole, problem, problem.levels);
          expect(lower).toBeLessThanOrEqual(level + 1e-6);
          problem.leastLoad = lower;
          const least = leastPossibleLoad(problem, problem.levels, kept, byCounted.solution);
          if (!least) return;
          expect(satisfies(problem, least.solution)).toBe(true);
          expect(keepsEvery(kept, least.solution)).toBe(true);
          if (!least.proven) {
            expect(least.value).toBeGreaterThanOrEqual(level - 1e-6);
            return;
          }
          proofs.fairness++;
          expect(least.value).toBeCloseTo(level, 6);
        } finally {
          whole.dispose();
        }
      }),
      { numRuns: 120, seed: 32 },
    );
    // The property says something only where the proofs happened.
    expect(proofs.pending).toBeGreaterThan(20);
    expect(proofs.fairness).toBeGreaterThan(5);
  }, 60_000);

  it('claims no proof where the plan around the counted columns cannot keep the places filled', async () => {
    const highs = await loadHighs();
    // Crew 1 applied to A (0-4 h) and B (20-24 h), and alone can take C (2-6 h, type A), which
    // overlaps A: the places filled need crew 1 on C, so at most B is kept, while the counted
    // columns alone allow both A and B.
    const problem = partOf({
      roles: [
        { start: 0, hours: 4, open: 1, typed: false },
        { start: 20, hours: 4, open: 1, typed: false },
        { start: 2, hours: 4, open: 1, typed: true },
      ],
      crew: [true, false],
      applied: [
        { crew: 0, role: 0 },
        { crew: 0, role: 1 },
      ],
      booked: [],
      minRestHours: 0,
      maxShiftsPerDay: 0,
    });
    const [filled, pending] = problem.stages as [Stage, Stage];
    expect(pending.name).toBe('pending');
    const start = oneEach(problem) ?? Float64Array.from(problem.colLower);
    const forever = Date.now() + 60_000;
    const outcome = byCountedColumns(
      highs,
      problem,
      pending,
      [{ stage: filled, value: 3 }],
      start,
      forever,
      Date.now,
    );
    expect(outcome).not.toHaveProperty('proven');
    expect(outcome).toHaveProperty('bound', 2);
  });

  it("bounds the least maximum load by the multi-day job's places and proves only the whole optimum", async () => {
    const highs = await loadHighs();
    let proofs = 0;
    let bounds = 0;
    await fc.assert(
      fc.asyncProperty(
        instance,
        fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
        async (drawn, onJob) => {
          const problem = partOf(drawn, onJob);
          const continuity = problem.stages.find((stage) => stage.name === 'continuity');
          if (!continuity || !problem.levels) return;
          const whole = wholeModel(highs, problem);
          try {
            const earlier: Kept[] = [];
            let inHand = new Float64Array(problem.numCols);
            for (const [index, stage] of problem.stages.entries()) {
              const value = Math.round(optimum(highs, whole, problem, stage));
              // The plan at continuity's optimum, before its row changes the model.
              inHand = Float64Array.from(whole.getSolution().colValue);
              fixStage(highs, whole, problem, stage, index, value);
              earlier.push({ stage, value });
              if (stage === continuity) break;
            }
            const level = leastFeasibleLevel(highs, whole, problem, problem.levels);
            const forever = Date.now() + 60_000;
            const outcome = leastLoadByPlaces(
              highs,
              problem,
              problem.levels,
              earlier,
              inHand,
              forever,
              Date.now,
              // Small parts: the job's places are often most of the columns, asked all the same here.
              Infinity,
            );
            if (!outcome) return;
            bounds++;
            // A bound: no plan keeping the earlier optima has everyone under it.
            expect(outcome.bound).toBeLessThanOrEqual(level + 1e-6);
            if (!outcome.plan) return;
            expect(satisfies(problem, outcome.plan.solution)).toBe(true);
            expect(keepsEvery(earlier, outcome.plan.solution)).toBe(true);
            expect(outcome.plan.value).toBeGreaterThanOrEqual(level - 1e-6);
            if (!outcome.plan.proven) return;
            proofs++;
            expect(outcome.plan.value).toBeCloseTo(level, 6);
          } finally {
            whole.dispose();
          }
        },
      ),
      { numRuns: 120, seed: 32 },
    );
    // The property says something only where the bounds and proofs happened.
    expect(bounds).toBeGreaterThan(20);
    expect(proofs).toBeGreaterThan(10);
  }, 60_000);

  it("bounds continuity by each multi-day job's cliques, and fairness at that bound, proving only the whole optima", async () => {
    const highs = await loadHighs();
    const counts = { bounds: 0, continuity: 0, fairnessBounds: 0, fairness: 0 };
    await fc.assert(
      fc.asyncProperty(
        jobInstance,
        fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
        async (drawn, onJob) => {
          const problem = partOf(drawn, onJob);
          const continuity = problem.stages.find((stage) => stage.name === 'continuity');
          if (!continuity) return;
          const whole = wholeModel(highs, problem);
          try {
            const earlier: Kept[] = [];
            let inHand = oneEach(problem) ?? Float64Array.from(problem.colLower);
            for (const [index, stage] of problem.stages.entries()) {
              if (stage === continuity) break;
              const value = Math.round(optimum(highs, whole, problem, stage));
              inHand = Float64Array.from(whole.getSolution().colValue);
              fixStage(highs, whole, problem, stage, index, value);
              earlier.push({ stage, value });
            }
            const best = Math.round(optimum(highs, whole, problem, continuity));
            const bound = continuityBound(problem, continuity, earlier);
            if (bound) {
              counts.bounds++;
              // A bound: no plan keeping the places filled has fewer people per job.
              expect(bound.bound).toBeLessThanOrEqual(best);
            }
            const outcome = byJobCliques(problem, continuity, earlier, inHand);
            fixStage(highs, whole, problem, continuity, problem.stages.indexOf(continuity), best);
            const kept = [...earlier, { stage: continuity, value: best }];
            if (!('proven' in outcome)) return;
            counts.continuity++;
            expect(outcome.value).toBe(best);
            expect(satisfies(problem, outcome.solution)).toBe(true);
            expect(keepsEvery(kept, outcome.solution)).toBe(true);
            // The columns it rules out: no plan keeping every optimum so far uses one.
            if (outcome.off.length) expect(mostOf(highs, whole, problem, outcome.off)).toBeLessThan(0.5);
            for (const column of outcome.off) problem.zeroed.add(column);
            if (!problem.levels) return;
            problem.leastLoad = Math.max(problem.leastLoad, forcedLoad(problem, kept));
            const level = leastFeasibleLevel(highs, whole, problem, problem.levels);
            const least = leastLoadOnJobs(problem, problem.levels, kept, outcome.solution);
            if (!least) return;
            counts.fairnessBounds++;
            expect(least.bound).toBeLessThanOrEqual(level + 1e-6);
            if (!least.plan) return;
            expect(satisfies(problem, least.plan.solution)).toBe(true);
            expect(keepsEvery(kept, least.plan.solution)).toBe(true);
            expect(least.plan.value).toBeGreaterThanOrEqual(level - 1e-6);
            if (!least.plan.proven) return;
            counts.fairness++;
            expect(least.plan.value).toBeCloseTo(level, 6);
          } finally {
            whole.dispose();
          }
        },
      ),
      { numRuns: 300, seed: 32 },
    );
    // The property says something only where the bounds and proofs happened.
    expect(counts.bounds).toBeGreaterThan(40);
    expect(counts.continuity).toBeGreaterThan(20);
    expect(counts.fairnessBounds).toBeGreaterThan(20);
    expect(counts.fairness).toBeGreaterThan(2);
  }, 120_000);
});
