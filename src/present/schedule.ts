// How a schedule review looks in a model's context (review_crew_schedule): one line per person
// (hours, paid hours, days, last worked, then only the problems), the roles the problems name
// with their local and UTC times, and each person's shifts when few people are asked about.
import { z } from 'zod';
import type { ScheduleEntry } from '../lookups/schedule.js';
import type { PersonSchedule } from '../rules/schedule.js';
import { formatUtc, instantToWallClock } from '../rules/time.js';
import type { WeekTotal } from '../rules/workload.js';

/** Up to this many people, each person's shifts are listed too. */
export const SHIFTS_LISTED_UP_TO = 10;

// Two roles by their shifts' start: an object, as every JSON Schema draft reads it alike (a
// z.tuple is 2020-12's prefixItems, which draft-07 clients read as "no items": issue 29).
const pair = { earlierRoleId: z.string(), laterRoleId: z.string() };

export const personScheduleSchema = z.object({
  crewId: z.string(),
  name: z.string(),
  hours: z.number(),
  paidHours: z.number().describe("Hours less the break pay counts (a legacy role's hidden one too)"),
  days: z.number().describe('Distinct local start days'),
  lastWorked: z
    .string()
    .nullable()
    .describe('Local day of the last BOOKED shift started by now; null: never'),
  clashes: z.array(z.object({ ...pair, minutes: z.number() })),
  shortRests: z.array(z.object({ ...pair, hours: z.number() })),
  failures: z.array(z.object({ roleId: z.string(), requirement: z.string(), why: z.string() })),
  weeks: z
    .array(z.object({ week: z.string().describe('Monday'), hours: z.number(), paidHours: z.number() }))
    .optional()
    .describe('Local weeks at or above minWeeklyHours'),
  shifts: z.array(z.string()).optional().describe('roleId: local start-end zone (UTC start-end)'),
});

export const scheduleOutputSchema = {
  from: z.string(),
  to: z.string(),
  people: z.number().describe('People with shifts in the range (before problemsOnly, minWeeklyHours, limit)'),
  hiddenBreakShifts: z
    .number()
    .optional()
    .describe('Shifts on roles created before 2026-09-21 whose total hides a break reported as 0'),
  crew: z.array(personScheduleSchema),
  roles: z.record(z.string(), z.string()).optional().describe('The roles the problems name'),
};

/** "Gala / Bartender, 2026-11-28 18:00-23:00 Europe/London (18:00Z-23:00Z)" */
export function roleLine(entry: ScheduleEntry): string {
  const { window, timeZone } = entry.shift;
  const start = instantToWallClock(window.startMs, timeZone).replace('T', ' ');
  const end = instantToWallClock(window.endMs, timeZone);
  const endShown = end.slice(0, 10) === start.slice(0, 10) ? end.slice(11) : end.replace('T', ' ');
  const utc = (ms: number) => formatUtc(ms).slice(11, 16);
  return `${entry.jobTitle} / ${entry.roleTitle}, ${start}-${endShown} ${timeZone} (${utc(window.startMs)}Z-${utc(window.endMs)}Z)`;
}

/** The roles each person's problems name, by id. */
export function problemRoles(
  people: readonly PersonSchedule[],
  entries: ReadonlyMap<string, ScheduleEntry>,
): Record<string, string> {
  const ids = new Set(
    people.flatMap((person) => [
      ...[...person.clashes, ...person.shortRests].flatMap((pair) => [pair.earlierRoleId, pair.laterRoleId]),
      ...person.failures.map((failure) => failure.roleId),
    ]),
  );
  const roles: Record<string, string> = {};
  for (const id of [...ids].sort((a, b) => Number(a) - Number(b))) {
    const entry = entries.get(id);
    if (entry) roles[id] = roleLine(entry);
  }
  return roles;
}

const h = (hours: number) => `${hours}h`;

/** A person's failures grouped by role: "FAILS 771 role type 110 absent, crew status INVITED". */
function failuresText(person: PersonSchedule): string[] {
  const byRole = new Map<string, string[]>();
  for (const failure of person.failures)
    byRole.set(failure.roleId, [
      ...(byRole.get(failure.roleId) ?? []),
      `${failure.requirement} ${failure.why}`,
    ]);
  return [...byRole].map(([roleId, list]) => `FAILS ${roleId} ${list.join(', ')}`);
}

/** One line per person: the figures, then each problem. */
export function personLine(person: PersonSchedule): string {
  const parts = [
    `${person.crewId} ${person.name} ${h(person.hours)} ${h(person.paidHours)} ${person.days}d ${person.lastWorked ?? '-'}`,
    ...person.clashes.map((clash) => `CLASH ${clash.earlierRoleId}/${clash.laterRoleId} ${clash.minutes}min`),
    ...person.shortRests.map((rest) => `REST ${rest.earlierRoleId}→${rest.laterRoleId} ${h(rest.hours)}`),
    ...failuresText(person),
  ];
  const shifts = person as PersonSchedule & { shifts?: string[]; weeks?: WeekTotal[] };
  if (shifts.weeks?.length)
    parts.push(
      `weeks ${shifts.weeks.map((week) => `${week.week} ${h(week.hours)}/${h(week.paidHours)}`).join(', ')}`,
    );
  return [parts.join('; '), ...(shifts.shifts ?? []).map((shift) => `  ${shift}`)].join('\n');
}

export function scheduleText(
  range: { from: string; to: string },
  people: readonly PersonSchedule[],
  roles: Record<string, string>,
  notes: readonly string[],
  /** Everyone in the range, when fewer are shown (a limit). */
  total?: number,
): string {
  const of = total !== undefined && total > people.length ? ` of ${total}` : '';
  const lines = [
    `${people.length}${of} people, ${range.from} to ${range.to} (local days). crewId name hours paidHours days lastWorked; problems`,
    ...people.map(personLine),
  ];
  const named = Object.entries(roles);
  if (named.length) lines.push('Roles:', ...named.map(([id, line]) => `${id} ${line}`));
  lines.push(...notes);
  return lines.join('\n');
}
