// Board ids from a tool's `boardIds` (ids or names): resolved by the board lookup, and refused in
// one answer naming every entry that names no single board, before anything past the board read.
import type { ToolContext } from './define-tool.js';
import { UserInputError } from './errors.js';

export async function boardIdsOf(
  ctx: Pick<ToolContext, 'lookups' | 'signal'>,
  entries: readonly string[],
  field = 'boardIds',
): Promise<string[]> {
  const { ids, problems } = await ctx.lookups.boards.resolve(entries, field, ctx.signal);
  if (problems.length)
    throw new UserInputError(problems.map((problem) => problem.message).join(' '), problems);
  return ids;
}
