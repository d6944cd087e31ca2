// plan_staffing's refusals beyond the request's own shape: the planner's "these pins cannot hold"
// (a value: the planner knows nothing of tool inputs) as a refusal of its `pin` input, and a
// preferScore that names no SCORING data type; each with the field, why and the fix.
import type { ToolContext } from '../mcp/define-tool.js';
import { UserInputError } from '../mcp/errors.js';
import { refuse } from '../mcp/refuse.js';
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

/** preferScore must name a SCORING data type of the company. */
export async function checkScore(preferScore: string | undefined, ctx: ToolContext): Promise<void> {
  if (!preferScore) return;
  const known = (await ctx.lookups.dataTypes.get(ctx.signal))?.find((type) => type.id === preferScore);
  if (known && known.type !== 'SCORING')
    refuse({
      field: 'preferScore',
      problem: `preferScore: data type ${preferScore} is ${known.type}, not SCORING.`,
      fix: 'Give a SCORING data type id.',
    });
  if (!known)
    refuse({
      field: 'preferScore',
      problem: `preferScore: no data type ${preferScore}.`,
      fix: 'get_crew shows the data type ids.',
    });
}
