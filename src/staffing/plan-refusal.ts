// The planner's "these pins cannot hold" (a value: the planner knows nothing of tool inputs) as
// plan_staffing's refusal of its `pin` input, with the field, why and the fix.
import { UserInputError } from '../mcp/errors.js';
import type { PinsInfeasible, PlanOutcome } from '../planner/plan.js';

/** The plan, or the refusal of the pins that made it impossible (nothing was planned or kept). */
export function planOrRefusePins(result: PlanOutcome | PinsInfeasible): PlanOutcome {
  if (!('pinsInfeasible' in result)) return result;
  if (result.pinsInfeasible === 'not-candidates')
    throw new UserInputError('A pinned person cannot take that role.', [
      {
        path: 'pin',
        message: `${result.pins.map((pin) => `${pin.crewId} on ${pin.roleId}`).join(', ')}: not qualified, booked elsewhere, excluded or not in the plan.`,
        fix: 'find_matching_crew on that role says why; pin someone it lists.',
      },
    ]);
  throw new UserInputError('The pinned people cannot all keep their roles.', [
    {
      path: 'pin',
      message: 'Two pins clash, break the rest or day limit, or exceed a role.',
      fix: 'Drop one of the pins.',
    },
  ]);
}
