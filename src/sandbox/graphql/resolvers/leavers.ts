// companyLeavers: crew who left the company, filtered by when they left, oldest first.

import type { ResolverContext } from '../context.js';
import type { PageInput } from '../inputs.js';
import { paginateAndPresent } from '../pagination.js';
import { presentLeaver } from '../present-crew.js';
import { type RangeFilter, withinRange } from './ranges.js';

export function companyLeavers(
  _: unknown,
  args: { input?: (PageInput & RangeFilter) | null },
  ctx: ResolverContext,
) {
  const leavers = ctx.store.leavers
    .filter((leaver) => leaver.companyId === ctx.caller.companyId)
    .filter((leaver) => withinRange(Date.parse(leaver.leftAt), args.input))
    .sort((a, b) => Date.parse(a.leftAt) - Date.parse(b.leftAt) || a.crewId - b.crewId);
  return paginateAndPresent(leavers, args.input, presentLeaver);
}
