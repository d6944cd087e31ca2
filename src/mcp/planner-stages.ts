// The planner's solve time per stage, for the metrics: `prepare`, reading the facts and building
// the model (timed by the tool, from where it calls the planner, less the solve), each objective stage of the solve and the solve as a whole, from the
// timings the planner's solution already carries. The planner itself stays pure and unobserved.
import type { Observer } from '../observer.js';

export interface TimedSolution {
  solveMs: number;
  stageMs: Record<string, { ms: number }>;
}

/** Reports the stages of one plan; `readStarted` is performance.now() before the facts were read. */
export function observePlannerStages(
  observer: Observer | undefined,
  readStarted: number,
  solution: TimedSolution,
): void {
  if (!observer) return;
  const total = performance.now() - readStarted;
  observer.plannerStage('prepare', Math.max(0, total - solution.solveMs) / 1000);
  for (const [stage, { ms }] of Object.entries(solution.stageMs)) observer.plannerStage(stage, ms / 1000);
  observer.plannerStage('solve', solution.solveMs / 1000);
}
