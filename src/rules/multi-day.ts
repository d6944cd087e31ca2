// Multi-day jobs (§2.1, §4.4 rules 3 and 5). Jobs created together with multiDay: true form one
// multi-day job, which belongs to exactly one board and has one timezone. A job's effective zone
// is its own `timezone`, else its board's (§4.4 rule 1), so two jobs without a timezone on boards
// in different zones disagree too. On updateJobs, a new timezone for one linked job applies to
// the whole group; the model should know which other days move.
// Timezone names are compared as given; check each with checkTimeZone separately.

import { errorIssue, joinPath, type RuleIssue, warningIssue } from './issues.js';

export const RULE_MULTI_DAY_TIMEZONE =
  '§4.4 rule 3: jobs created together as a multi-day job share a single timezone';
export const RULE_MULTI_DAY_BOARD = '§2.1: a multi-day job belongs to exactly one board';
export const RULE_MULTI_DAY_UPDATE =
  '§4.4 rule 5: linked jobs share one timezone; updating one applies it to the whole group';

export interface MultiDayJob {
  boardId: string | number;
  /** The job's own timezone input, if any. */
  timezone?: string | null;
  /** The timezone of the job's board, when known. */
  boardTimezone?: string | null;
  /** For messages. */
  date?: string;
  title?: string;
}

export interface MultiDayOptions {
  /** Path of the jobs array; default `jobs`. */
  path?: string;
  /** Board timezones by board id, used when a job has no boardTimezone. */
  boardTimezones?: ReadonlyMap<string, string> | Readonly<Record<string, string>>;
}

function boardZone(job: MultiDayJob, options: MultiDayOptions): string | undefined {
  if (job.boardTimezone) return job.boardTimezone;
  const table = options.boardTimezones;
  if (!table) return undefined;
  const key = String(job.boardId);
  return table instanceof Map ? table.get(key) : (table as Record<string, string>)[key];
}

/** The zone a job's times are read in: its own, else its board's (§4.4 rule 1); undefined when unknown. */
export function effectiveTimeZone(job: MultiDayJob, options: MultiDayOptions = {}): string | undefined {
  return job.timezone || boardZone(job, options);
}

function label(base: string, index: number, job: MultiDayJob): string {
  const extra = [job.date, job.title ? `"${job.title}"` : undefined].filter(Boolean).join(' ');
  return `${joinPath(base, index)}${extra ? ` (${extra})` : ''}`;
}

/** The value most jobs have (ties: the first job's). */
function majority<T>(values: (T | undefined)[]): T | undefined {
  const counts = new Map<T, number>();
  for (const value of values) if (value !== undefined) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: T | undefined;
  let bestCount = 0;
  for (const value of values) {
    if (value === undefined) continue;
    const count = counts.get(value) ?? 0;
    if (count > bestCount) {
      best = value;
      bestCount = count;
    }
  }
  return best;
}

function listPaths(base: string, indexes: number[]): string {
  const paths = indexes.map((index) => joinPath(base, index));
  return paths.length <= 4
    ? paths.join(', ')
    : `${paths.slice(0, 4).join(', ')} and ${paths.length - 4} more`;
}

/**
 * createJobs with multiDay: true. One board (errors on each job whose board differs from the
 * majority), one effective timezone (errors on each job whose zone differs, saying whether the
 * zone is its own or its board's), a warning when a zone cannot be known, and a warning for a
 * multi-day job of a single job.
 */
export function checkMultiDayJobs(jobs: readonly MultiDayJob[], options: MultiDayOptions = {}): RuleIssue[] {
  const base = options.path ?? 'jobs';
  const issues: RuleIssue[] = [];
  if (jobs.length < 2) {
    issues.push(
      warningIssue({
        path: base,
        code: 'MULTI_DAY_SINGLE_JOB',
        rule: RULE_MULTI_DAY_TIMEZONE,
        detail: `multiDay is true but ${jobs.length === 0 ? 'no job is' : 'only one job is'} given.`,
        fix: 'Send all days of the multi-day job in this one call, or drop multiDay.',
      }),
    );
    if (jobs.length === 0) return issues;
  }

  const boards = jobs.map((job) => String(job.boardId));
  const board = majority(boards);
  const boardHolders = boards.flatMap((id, index) => (id === board ? [index] : []));
  jobs.forEach((job, index) => {
    if (String(job.boardId) === board) return;
    issues.push(
      errorIssue({
        path: joinPath(base, index, 'boardId'),
        code: 'MULTI_DAY_BOARD',
        rule: RULE_MULTI_DAY_BOARD,
        detail: `${label(base, index, job)} is on board ${job.boardId} but ${listPaths(base, boardHolders)} ${
          boardHolders.length === 1 ? 'is' : 'are'
        } on board ${board}; a multi-day job has one board.`,
        fix: `Put every job of the multi-day job on one board (boardId ${board}), or create this job separately without multiDay.`,
      }),
    );
  });

  const zones = jobs.map((job) => effectiveTimeZone(job, options));
  const zone = majority(zones);
  const zoneHolders = zones.flatMap((value, index) => (value === zone ? [index] : []));
  jobs.forEach((job, index) => {
    const own = zones[index];
    const source = job.timezone ? 'its timezone' : "its board's timezone";
    if (own === undefined) {
      issues.push(
        warningIssue({
          path: joinPath(base, index, 'timezone'),
          code: 'MULTI_DAY_UNKNOWN_TIMEZONE',
          rule: RULE_MULTI_DAY_TIMEZONE,
          detail: `${label(base, index, job)} has no timezone and its board's (${job.boardId}) is not known, so the shared timezone cannot be checked.`,
          fix: zone
            ? `Set timezone "${zone}" on this job, as the others have.`
            : 'Set the same timezone (an IANA name, e.g. "Europe/London") on every job.',
        }),
      );
      return;
    }
    if (own === zone) return;
    issues.push(
      errorIssue({
        path: joinPath(base, index, 'timezone'),
        code: 'MULTI_DAY_TIMEZONE',
        rule: RULE_MULTI_DAY_TIMEZONE,
        detail: `${label(base, index, job)} is in ${own} (${source}) but ${listPaths(base, zoneHolders)} ${
          zoneHolders.length === 1 ? 'is' : 'are'
        } in ${zone}.`,
        fix: `Set timezone "${zone}" on ${joinPath(base, index)} (role times stay wall-clock in that zone), or create it separately without multiDay.`,
      }),
    );
  });
  return issues;
}

export interface TimezoneUpdate {
  /** The job's id. */
  id: string;
  /** The multi-day job it belongs to, if any (Job.multiDayJobId). */
  multiDayJobId?: string | null;
  /** The new timezone in this update, if any. */
  timezone?: string | null;
  /** The job's timezone now: a group given the zone it already has does not move. */
  currentTimezone?: string;
}

export interface LinkedJob {
  id: string;
  multiDayJobId?: string | null;
  date?: string;
  title?: string;
}

/**
 * updateJobs timezone changes against multi-day groups (§4.4 rule 5): two updates that give the
 * same group different timezones are an error; a change that also moves linked jobs not in the
 * update is a warning listing them. `linked` is every known job of the affected groups.
 */
export function checkTimezoneUpdates(
  updates: readonly TimezoneUpdate[],
  linked: readonly LinkedJob[] = [],
  path = 'jobs',
): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const firstByGroup = new Map<string, { index: number; timezone: string }>();
  const moves = new Set<string>();
  updates.forEach((update, index) => {
    if (!update.timezone || !update.multiDayJobId) return;
    const group = update.multiDayJobId;
    if (update.timezone !== update.currentTimezone) moves.add(group);
    const first = firstByGroup.get(group);
    if (!first) {
      firstByGroup.set(group, { index, timezone: update.timezone });
      return;
    }
    if (first.timezone !== update.timezone) {
      issues.push(
        errorIssue({
          path: joinPath(path, index, 'timezone'),
          code: 'MULTI_DAY_TIMEZONE',
          rule: RULE_MULTI_DAY_UPDATE,
          detail: `job ${update.id} is in multi-day job ${group}, which ${joinPath(path, first.index)} moves to ${first.timezone}; it cannot get ${update.timezone}.`,
          fix: `Give every job of multi-day job ${group} the same timezone, or set it on one job only.`,
        }),
      );
    }
  });
  const updatedIds = new Set(updates.map((update) => update.id));
  for (const [group, first] of firstByGroup) {
    if (!moves.has(group)) continue;
    const others = linked.filter((job) => job.multiDayJobId === group && !updatedIds.has(job.id));
    if (others.length === 0) continue;
    const names = others.map((job) => `job ${job.id}${job.date ? ` (${job.date})` : ''}`).join(', ');
    issues.push(
      warningIssue({
        path: joinPath(path, first.index, 'timezone'),
        code: 'MULTI_DAY_GROUP_UPDATE',
        rule: RULE_MULTI_DAY_UPDATE,
        detail: `the new timezone ${first.timezone} also applies to the rest of multi-day job ${group}: ${names}. Their roles keep their wall-clock times, so their UTC times move too.`,
        fix: 'Nothing to change if every day should move (their roles were checked in the new zone too); otherwise create the day as a separate job.',
      }),
    );
  }
  return issues;
}
