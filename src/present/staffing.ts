// What a model sees of a staffing answer (find_matching_crew): the role and its open places, who
// matches and why, who would match but is booked elsewhere, near misses, and what no crew data
// could check. Lists are cut to `limit` with their totals, so the answer stays small whatever
// the company's size. The text says the same as structuredContent, once: reasons every shown
// match shares are listed once instead of on every line.
import { z } from 'zod';
import type { Availability } from '../rules/availability.js';
import type { CrewVerdict, MatchOutcome } from '../rules/matching.js';
import type { RankedMatch } from '../rules/ranking.js';
import { type CrewAnswer, crewAnswerLine, crewAnswerSchema } from './crew-verdicts.js';

const assignmentRefSchema = z.object({ jobId: z.string(), roleId: z.string(), status: z.string() });

const matchSchema = z.object({
  crewId: z.string(),
  name: z.string(),
  rank: z.number().describe('1 = first among all matches, in the order asked'),
  reason: z
    .string()
    .optional()
    .describe(
      'What its place rests on: status here, hours that week, last worked, score (sort, notWorkedSince: absent)',
    ),
  bookedHoursInWeek: z.number().optional(),
  lastWorked: z
    .string()
    .optional()
    .describe('Local day of the last BOOKED shift started by now; absent: never'),
  nextShift: z.string().optional().describe('Local day of the next BOOKED shift'),
  score: z.number().optional().describe('Mean SCORING score that applies'),
  reasons: z
    .array(z.string())
    .optional()
    .describe('One per requirement met (none checkable, notWorkedSince or sort: absent)'),
  pending: z.array(assignmentRefSchema).optional().describe('Overlapping pending crew jobs elsewhere'),
  thisRole: z.string().optional().describe("Status of the member's crew job on this role"),
});

export const staffedRoleSchema = z.object({
  jobId: z.string(),
  roleId: z.string(),
  title: z.string(),
  job: z.string(),
  date: z.string(),
  time: z.string().describe('Local start-end in the job timezone'),
  timezone: z.string(),
  quantity: z.number(),
  booked: z.number(),
  open: z.number(),
});
export type StaffedRole = z.infer<typeof staffedRoleSchema>;

export const openRoleSchema = staffedRoleSchema.extend({
  board: z.string().describe('"id name"'),
  pending: z.number().describe('APPLIED, INVITED, SHORTLISTED, WAITING_LIST'),
  multiDayJobId: z
    .string()
    .optional()
    .describe("The multi-day job of the role's job (its days: multiDayJobs)"),
});
export type OpenRole = z.infer<typeof openRoleSchema>;

/** A multi-day job as find_open_roles names it: its first and last local day and how many days. */
export const multiDayJobSchema = z.object({
  multiDayJobId: z.string(),
  from: z.string(),
  to: z.string(),
  days: z.number(),
});
export type MultiDayJobDays = z.infer<typeof multiDayJobSchema>;

export function openRoleLine(role: OpenRole): string {
  const multiDay = role.multiDayJobId ? ` · multi-day ${role.multiDayJobId}` : '';
  return `- job ${role.jobId} role ${role.roleId} ${role.title} "${role.job}" · ${role.date} ${role.time} ${role.timezone} · board ${role.board} · open ${role.open}/${role.quantity}, booked ${role.booked}, pending ${role.pending}${multiDay}`;
}

/** "Multi-day jobs: 185 2026-12-05..2026-12-07 (3 days); ..." */
export function multiDayJobsLine(groups: readonly MultiDayJobDays[]): string {
  const group = (one: MultiDayJobDays) => `${one.multiDayJobId} ${one.from}..${one.to} (${one.days} days)`;
  return `Multi-day jobs: ${groups.map(group).join('; ')}`;
}

export const matchingResultSchema = z.object({
  role: staffedRoleSchema.optional(),
  window: z.string().optional().describe('The time checked for availability (requirements given)'),
  week: z.string().optional().describe('The local Monday/Sunday of bookedHoursInWeek'),
  statuses: z.array(z.string()),
  // A string, not an enum: every output schema stays in the shapes the output check reads (types only).
  sort: z.string().optional().describe('lastWorked or hours: the order asked instead of the ranking'),
  considered: z.number().describe('Crew evaluated'),
  totalMatches: z.number(),
  matches: z.array(matchSchema),
  totalUnavailable: z.number(),
  unavailable: z.array(
    z.object({ crewId: z.string(), name: z.string(), jobId: z.string(), roleId: z.string() }),
  ),
  totalNearMisses: z.number().optional(),
  nearMisses: z
    .array(z.object({ crewId: z.string(), name: z.string(), failed: z.string() }))
    .optional()
    .describe('Available crew failing exactly one checkable requirement'),
  booked: z
    .array(
      z.object({
        crewId: z.string(),
        name: z.string(),
        fails: z.array(z.string()).optional().describe('What they fail of the role, crew status included'),
      }),
    )
    .optional()
    .describe('Already BOOKED on this role'),
  checked: z.array(z.string()).describe('Requirements checked against crew data'),
  unchecked: z.array(z.string()).optional().describe('Requirements no crew data can check: a person must'),
  crew: z.array(crewAnswerSchema).optional().describe('The verdict of each crewIds member'),
  notes: z.array(z.string()).optional(),
});
export type MatchingResult = z.infer<typeof matchingResultSchema>;
export type BookedMember = NonNullable<MatchingResult['booked']>[number];

export interface MatchingView {
  role?: StaffedRole;
  window?: string;
  statuses: string[];
  considered: number;
  outcome: MatchOutcome;
  /** The matches in rank order (only the crewIds asked about, when given). */
  ranked: RankedMatch[];
  week?: { from: string; to: string };
  /** The order asked instead of the ranking. */
  sort?: 'lastWorked' | 'hours';
  /** The verdict of each member asked about (crewIds). */
  crew?: CrewAnswer[];
  /** Only these crew in the lists (crewIds). */
  only?: ReadonlySet<number>;
  booked: BookedMember[];
  checked: string[];
  unchecked: string[];
  notes: string[];
  limit: number;
  includeNearMisses: boolean;
}

function flags(availability: Availability): Pick<z.infer<typeof matchSchema>, 'pending' | 'thisRole'> {
  return {
    ...(availability.pending.length ? { pending: availability.pending } : {}),
    ...(availability.thisRole ? { thisRole: availability.thisRole } : {}),
  };
}

function toMatch({ verdict, facts, rank, reason }: RankedMatch): z.infer<typeof matchSchema> {
  return {
    crewId: String(verdict.crew.id),
    name: verdict.crew.name,
    rank,
    reason,
    ...(facts.bookedHours !== undefined ? { bookedHoursInWeek: facts.bookedHours } : {}),
    ...(facts.lastWorked ? { lastWorked: facts.lastWorked } : {}),
    ...(facts.nextShift ? { nextShift: facts.nextShift } : {}),
    ...(facts.score !== undefined ? { score: facts.score } : {}),
    ...(verdict.met.length ? { reasons: verdict.met } : {}),
    ...flags(verdict.availability),
  };
}

export function toMatchingResult(view: MatchingView): MatchingResult {
  const { outcome, limit } = view;
  const asked = (verdict: CrewVerdict) => !view.only || view.only.has(verdict.crew.id);
  const result: MatchingResult = {
    ...(view.role ? { role: view.role } : {}),
    ...(view.window ? { window: view.window } : {}),
    ...(view.week ? { week: `${view.week.from}/${view.week.to}` } : {}),
    statuses: view.statuses,
    ...(view.sort ? { sort: view.sort } : {}),
    considered: view.considered,
    totalMatches: outcome.matches.length,
    matches: view.ranked.slice(0, limit).map(toMatch),
    totalUnavailable: outcome.unavailable.length,
    unavailable: outcome.unavailable
      .filter(asked)
      .slice(0, limit)
      .map((verdict) => ({
        crewId: String(verdict.crew.id),
        name: verdict.crew.name,
        jobId: verdict.availability.clash?.jobId ?? '',
        roleId: verdict.availability.clash?.roleId ?? '',
      })),
    checked: view.checked,
  };
  if (view.includeNearMisses) {
    result.totalNearMisses = outcome.nearMisses.length;
    result.nearMisses = outcome.nearMisses
      .filter(asked)
      .slice(0, limit)
      .map((verdict) => ({
        crewId: String(verdict.crew.id),
        name: verdict.crew.name,
        failed: verdict.failed[0]?.reason ?? '',
      }));
  }
  if (view.booked.length) result.booked = view.booked;
  if (view.unchecked.length) result.unchecked = view.unchecked;
  if (view.crew) result.crew = view.crew;
  if (view.notes.length) result.notes = view.notes;
  return result;
}

function shown(total: number, count: number): string {
  return count < total ? `${total} (${count} shown)` : String(total);
}

/** The order of the matches, in words. */
function rankingLine(result: MatchingResult): string {
  const week = result.week ? ` in the week ${result.week.replace('/', '..')}` : '';
  if (result.sort === 'lastWorked')
    return 'ranked: never worked, then longest since last worked; then as ranked';
  if (result.sort === 'hours') return `ranked: fewest hours booked${week}; then as ranked`;
  return `ranked: applied/invited/shortlisted here; nothing pending then; fewer hours booked${week}; latest work; score; name`;
}

/** The ranked matches, the unavailable and the near misses, one line each. */
function listLines(
  result: MatchingResult,
  common: readonly string[],
  parts: (match: MatchingResult['matches'][number]) => string[],
  lines: string[],
): void {
  if (result.matches.length) lines.push(`R${rankingLine(result).slice(1)}`);
  for (const match of result.matches) {
    const own =
      result.matches.length > 1
        ? parts(match).filter((part) => part && !common.includes(part))
        : parts(match);
    lines.push(`- #${match.rank} ${match.crewId} ${match.name}${own.length ? `: ${own.join(' · ')}` : ''}`);
  }
  if (result.totalUnavailable) {
    lines.push(
      `Unavailable, booked on an overlapping role: ${shown(result.totalUnavailable, result.unavailable.length)}`,
    );
    for (const crew of result.unavailable)
      lines.push(`- ${crew.crewId} ${crew.name}: job ${crew.jobId} role ${crew.roleId}`);
  }
  if (result.nearMisses) {
    lines.push(
      `Near misses, one requirement failed: ${shown(result.totalNearMisses ?? 0, result.nearMisses.length)}`,
    );
    for (const crew of result.nearMisses) lines.push(`- ${crew.crewId} ${crew.name}: ${crew.failed}`);
  }
}

/** The compact text of a matching result: every field once, one line per crew member. */
export function matchingText(result: MatchingResult): string {
  const lines: string[] = [];
  const role = result.role;
  if (role) {
    lines.push(
      `Role ${role.roleId} ${role.title} · job ${role.jobId} "${role.job}" ${role.date} ${role.time} ${role.timezone} · ${role.quantity} place${role.quantity === 1 ? '' : 's'}: ${role.booked} booked, ${role.open} open`,
    );
  }
  if (result.window) lines.push(`Availability checked for ${result.window}`);
  if (result.booked?.length)
    lines.push(
      `Booked on this role: ${result.booked.map((crew) => `${crew.crewId} ${crew.name}${crew.fails ? ` FAILS ${crew.fails.join(', ')}` : ''}`).join('; ')}`,
    );
  lines.push(`Checked: ${result.checked.join('; ') || 'no checkable requirement'}`);
  if (result.unchecked?.length)
    lines.push(`Unchecked (a person must verify): ${result.unchecked.join('; ')}`);
  // Reasons every shown match has in common are said once: each line names what sets it apart.
  const parts = (match: (typeof result.matches)[number]) => [
    ...(match.reason ?? '').split(' · '),
    ...(match.nextShift ? [`next shift ${match.nextShift}`] : []),
    ...(match.reasons ?? []),
  ];
  const common = result.matches.length
    ? parts(result.matches[0]!).filter(
        (part) => part !== '' && result.matches.every((match) => parts(match).includes(part)),
      )
    : [];
  // Crew asked about by id: their verdicts say it all, the lists hold only them.
  if (result.crew) {
    lines.push(
      `${result.considered} crew considered (${result.statuses.join(', ')}): ${result.totalMatches} match`,
    );
    lines.push(`Asked about (${rankingLine(result)}):`);
    for (const answer of result.crew) lines.push(crewAnswerLine(answer, result.totalMatches));
  } else {
    lines.push(
      `${result.considered} crew considered (${result.statuses.join(', ')}): ${shown(result.totalMatches, result.matches.length)} match${common.length > 0 && result.matches.length > 1 ? `; all shown: ${common.join('; ')}` : ''}`,
    );
    listLines(result, common, parts, lines);
  }
  for (const note of result.notes ?? []) lines.push(`Note: ${note}`);
  return lines.join('\n');
}
