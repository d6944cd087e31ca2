// Which jobs to seed, as plans sorted by date: random single-day jobs over the 60 days around
// today, multi-day jobs, a job on every DST-change day, and the requirements showcase.

import { DateTime } from 'luxon';
import type { Board } from '../store.js';
import { DAY_MS, isoAt, type SeedContext } from './context.js';
import { EVENT_TITLES } from './event-titles.js';

export interface JobPlan {
  board: Board;
  date: string;
  title: string;
  multiDayJobId: string | null;
  /** Force roles that cross a DST change (starting 00:30 local). */
  dstDay?: boolean;
  showcase?: boolean;
}

function dateOffset(ctx: SeedContext, days: number): string {
  return isoAt(ctx.todayMs + days * DAY_MS).slice(0, 10);
}

export function planJobs(ctx: SeedContext, boards: Board[]): JobPlan[] {
  const { rng } = ctx;
  const plans: JobPlan[] = [];
  for (let day = -30; day <= 30; day++) {
    for (const board of boards) {
      if (rng.chance(0.4))
        plans.push({ board, date: dateOffset(ctx, day), title: rng.pick(EVENT_TITLES), multiDayJobId: null });
    }
  }
  // Multi-day jobs: 2-4 consecutive days on one board, in the board's timezone.
  for (let group = 0; group < 8; group++) {
    const board = rng.pick(boards);
    const start = rng.int(-30, 27);
    const length = rng.int(2, 4);
    const multiDayJobId = ctx.store.newId();
    const title = `${rng.pick(EVENT_TITLES)} (multi-day)`;
    for (let day = start; day < Math.min(start + length, 31); day++) {
      plans.push({ board, date: dateOffset(ctx, day), title, multiDayJobId });
    }
  }
  // A job on every DST-change day inside the window, with roles crossing the change.
  for (const board of boards) {
    for (let day = -30; day <= 30; day++) {
      const date = dateOffset(ctx, day);
      const start = DateTime.fromISO(date, { zone: board.timezone }).startOf('day');
      if (start.offset !== start.plus({ days: 1 }).offset) {
        plans.push({ board, date, title: 'Overnight Clock-change Party', multiDayJobId: null, dstDay: true });
      }
    }
  }
  plans.push({
    board: boards[0]!,
    date: dateOffset(ctx, 7),
    title: 'Requirements Showcase',
    multiDayJobId: null,
    showcase: true,
  });
  plans.sort((a, b) => a.date.localeCompare(b.date));
  return plans;
}
