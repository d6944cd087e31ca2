import { z } from 'zod';
import { crewJobsWindowDocument, crewScheduleDocument } from '../src/contract/documents.js';
import { crewJobStatusSchema, crewStatusSchema } from '../src/contract/enums.js';
import { readSchedule } from '../src/lookups/schedule.js';
import { historyCutNote } from '../src/lookups/staffing.js';
import { boardIdsOf } from '../src/mcp/board-ids.js';
import { defineTool } from '../src/mcp/define-tool.js';
import { crewIdInput, idInput } from '../src/mcp/ids.js';
import { boardIdsInput } from '../src/mcp/params.js';
import { readRange } from '../src/mcp/read-range.js';
import { refuse } from '../src/mcp/refuse.js';
import { ForbiddenError } from '../src/platform/errors.js';
import { problemRoles, scheduleOutputSchema, scheduleText } from '../src/present/schedule.js';
import { selectPeople } from '../src/present/schedule-select.js';
import { lastWorkedOf } from '../src/rules/last-worked.js';
import type { CrewFacts } from '../src/rules/matching.js';
import { planRequirements } from '../src/rules/matching.js';
import { reviewSchedule } from '../src/rules/schedule.js';
import { localStartDay } from '../src/rules/shifts.js';
import { withinLocalDates } from '../src/rules/time.js';
import { SCHEDULE_SORTS } from '../src/rules/workload.js';
import { STAFFING_DEFAULTS } from '../src/staffing/defaults.js';

const DEFAULT_MIN_REST_HOURS = STAFFING_DEFAULTS.minRestHours;

export const reviewCrewSchedule = defineTool({
  name: 'review_crew_schedule',
  title: 'Review crew schedule',
  description:
    'Per person, local days from-to: hours, paid hours, days, last worked, clashes (UTC overlap), rests under minRestHours (default 10), failed requirements or status.',
  inputSchema: z.object({
    from: z.string().describe('YYYY-MM-DD'),
    to: z.string(),
    crewIds: z.array(crewIdInput).optional(),
    boardIds: boardIdsInput,
    roleIds: z.array(idInput).optional(),
    // Plain strings, checked below: an enum would cost every conversation its eight names.
    statuses: z.array(z.string()).max(8).optional().describe('Default BOOKED'),
    minRestHours: z.number().optional(),
    problemsOnly: z.boolean().optional(),
    sort: z.enum(SCHEDULE_SORTS).optional().describe('hours/paidHours: most first'),
    limit: z.number().int().min(1).max(1_000).optional(),
    minWeeklyHours: z.number().min(0).max(168).optional().describe('Only who has a week at or above'),
  }),
  outputSchema: z.object({ ...scheduleOutputSchema, notes: z.array(z.string()).optional() }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  scopes: ['jobs:read', 'crew:read'],
  toolset: 'crew',
  documents: [crewScheduleDocument, crewJobsWindowDocument],
  async handler(input, ctx) {
    const statuses = input.statuses ?? ['BOOKED'];
    if (statuses.length === 0)
      refuse({
        field: 'statuses',
        problem: 'statuses is empty: no crew job would count.',
        fix: 'Leave it out for BOOKED.',
      });
    const unknown = statuses.filter((status) => !crewJobStatusSchema.options.includes(status as never));
    if (unknown.length)
      refuse({
        field: 'statuses',
        problem: `${unknown.join(', ')}: not a crew job status.`,
        fix: `Use ${crewJobStatusSchema.options.join(', ')}.`,
      });
    const minRestHours = input.minRestHours ?? DEFAULT_MIN_REST_HOURS;
    if (!(minRestHours >= 0))
      refuse({
        field: 'minRestHours',
        problem: 'minRestHours is below 0.',
        fix: 'Give 0 (no rest check) or more.',
      });
    const range = readRange({ from: input.from, to: input.to, otherwise: 'each' });
    const boardIds = input.boardIds && (await boardIdsOf(ctx, input.boardIds));
    const read = await readSchedule(
      ctx.platform,
      { fromUtc: range.fromUtc!, toUtc: range.toUtc!, statuses, crewIds: input.crewIds },
      ctx.signal,
    );
    // The platform filters by UTC overlap; a shift belongs to the local day it starts on.
    const entries = read.entries.filter(
      (entry) =>
        withinLocalDates(localStartDay(entry.shift), range.localDates) &&
        (!boardIds || boardIds.includes(entry.boardId)) &&
        (!input.roleIds || input.roleIds.includes(entry.shift.roleId)),
    );
    const notes = [...range.notes];
    const people = [...new Set(entries.map((entry) => entry.crewId))];
    const checkable = entries.some((entry) => planRequirements(entry.requirements).checkable.length > 0);
    const [crewFacts, history] = await Promise.all([
      checkable
        ? ctx.lookups.staffing.crew(crewStatusSchema.options, { signal: ctx.signal }).then(
            (read) => new Map<number, CrewFacts>(read.crew.map((member) => [member.id, member])),
            (error: unknown) => {
              if (!(error instanceof ForbiddenError)) throw error;
              notes.push('Requirements not checked: the API key cannot read crew profiles (crew:read).');
              return undefined;
            },
          )
        : undefined,
      ctx.lookups.staffing.bookedHistory(ctx.signal),
    ]);
    const all = reviewSchedule(entries, {
      minRestHours,
      lastWorked: lastWorkedOf(history.assignments, people, ctx.now()),
      crewFacts,
    });
    const { crew, notes: chosen } = selectPeople(all, entries, input);
    notes.push(...chosen);
    const byRole = new Map(entries.map((entry) => [entry.shift.roleId, entry]));
    const roles = problemRoles(crew, byRole);
    if (read.truncated) notes.push('The range holds more crew jobs than one review reads: narrow it.');
    const hiddenBreakShifts = entries.filter((entry) => entry.hiddenBreak).length;
    if (hiddenBreakShifts)
      notes.push(
        `paidHours subtract the break hidden in ${hiddenBreakShifts} shift${hiddenBreakShifts === 1 ? '' : 's'} (roles created before 2026-09-21 report it as 0; their total counts it).`,
      );
    if (history.since) notes.push(historyCutNote(history.since));
    const data = {
      from: input.from,
      to: input.to,
      people: all.length,
      ...(hiddenBreakShifts ? { hiddenBreakShifts } : {}),
      crew,
      ...(Object.keys(roles).length ? { roles } : {}),
      notes,
    };
    return { data, text: scheduleText(input, crew, roles, notes, all.length) };
  },
});
