// The read of a schedule review (review_crew_schedule): the crew jobs of a UTC window in the asked
// statuses (one paged read: person, status, role instants, break, requirements, job zone), each
// shift's break as pay counts it (a legacy role's hidden break included). The last day each person
// worked comes from the staffing lookup's BOOKED history, shared with matching.
import { crewScheduleDocument } from '../contract/documents.js';
import type { Platform } from '../platform/client.js';
import { readAllPages } from '../platform/pages.js';
import type { RequirementsToMatch } from '../rules/matching.js';
import { payBreakMinutes } from '../rules/pay.js';
import type { ScheduleRow } from '../rules/schedule.js';

/** Bound of one read; far beyond a company's crew jobs in a few weeks. */
const MAX_ROWS = 20_000;

interface UpstreamScheduleRow {
  id: string;
  status: string;
  crew: { id: number; firstName: string; lastName: string; status: string };
  role: {
    id: string;
    title: string;
    startTime: string;
    endTime: string;
    breakPeriod: number;
    createdAt?: string | null;
    total: number;
    payType: string;
    payRate: number;
    requirements?: RequirementsToMatch | null;
  };
  job: { id: string; title: string; date: string; timezone: string; board: { id: string; name: string } };
}

/** A row of the schedule with what the presentation shows of its role. */
export interface ScheduleEntry extends ScheduleRow {
  /** The shift's break is a legacy role's hidden one (reported as 0, counted in its total). */
  hiddenBreak?: boolean;
  roleTitle: string;
  jobTitle: string;
  boardId: string;
  boardName: string;
}

function toEntry(row: UpstreamScheduleRow): ScheduleEntry {
  // The break pay counts: a legacy role's hidden one where its total shows it.
  const payBreak = payBreakMinutes({ ...row.role, breakPeriod: row.role.breakPeriod ?? 0 });
  return {
    crewId: row.crew.id,
    name: `${row.crew.firstName} ${row.crew.lastName}`,
    crewStatus: row.crew.status,
    status: row.status,
    shift: {
      jobId: String(row.job.id),
      roleId: String(row.role.id),
      window: { startMs: Date.parse(row.role.startTime), endMs: Date.parse(row.role.endTime) },
      timeZone: row.job.timezone,
      breakMinutes: payBreak.minutes,
    },
    ...(payBreak.hidden ? { hiddenBreak: true } : {}),
    requirements: row.role.requirements,
    roleTitle: row.role.title,
    jobTitle: row.job.title,
    boardId: String(row.job.board.id),
    boardName: row.job.board.name,
  };
}

export interface ScheduleRead {
  entries: ScheduleEntry[];
  truncated: boolean;
}

/** Crew jobs whose role overlaps [fromUtc, toUtc] in these statuses (and of these crew, when given). */
export async function readSchedule(
  platform: Platform,
  query: { fromUtc: string; toUtc: string; statuses: readonly string[]; crewIds?: readonly number[] },
  signal?: AbortSignal,
): Promise<ScheduleRead> {
  const filter = {
    fromRange: query.fromUtc,
    toRange: query.toUtc,
    crewJobStatus: [...query.statuses],
    ...(query.crewIds?.length ? { crewIds: [...query.crewIds] } : {}),
  };
  const { items, truncated } = await readAllPages<UpstreamScheduleRow>(
    platform.graphql,
    crewScheduleDocument,
    'companyCrewJobs',
    (page, perPage) => ({ input: { filter, page, perPage } }),
    { signal, maxItems: MAX_ROWS },
  );
  return { entries: items.map(toEntry), truncated };
}
