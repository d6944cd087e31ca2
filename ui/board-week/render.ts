// A board's week as a coordinator reads a rota: days across, jobs (a multi-day job on one row)
// and their roles down, each role's booked / pending / open places as a bar, times local to each
// job with its zone shown where it differs from the board's. Reads list_jobs' structuredContent
// ({ jobs }) and the board schedule's ({ board, from, to, jobs }).
import { count, dayLabel, type HostContext, h, type Json, list, num, obj, str } from '../shared/view.js';

const PENDING = ['APPLIED', 'INVITED', 'SHORTLISTED', 'WAITING_LIST'];
/** More days than this are not a week: the grid lists only days that have jobs. */
const MAX_EMPTY_DAYS = 14;

export interface RolePlaces {
  jobId: string;
  roleId: string;
  title: string;
  time: string;
  booked: number;
  pending: number;
  open: number;
  quantity: number;
}

/** An end on a later day as "03:00 +1" (days after the job's date) instead of its full date. */
function shortEnd(end: string, jobDate: string): string {
  const match = /^(\d{4}-\d{2}-\d{2}) (.+)$/.exec(end);
  if (!match || !jobDate) return end;
  const days = Math.round((Date.parse(match[1] ?? '') - Date.parse(jobDate)) / 86_400_000);
  return Number.isFinite(days) && days > 0 ? `${match[2]} +${days}` : end;
}

/** A role's places from either the full role view (assignments by status) or a slimmer one. */
export function rolePlaces(job: Json, role: Json): RolePlaces {
  const assignments = obj(role.assignments);
  const quantity = num(role.quantity);
  const booked = num(assignments.BOOKED, num(role.booked));
  const pending = PENDING.reduce((sum, status) => sum + num(assignments[status]), 0) || num(role.pending);
  const start = str(role.start);
  const end = shortEnd(str(role.end), str(job.date));
  return {
    jobId: str(job.id, str(role.jobId)),
    roleId: str(role.id, str(role.roleId)),
    title: str(role.title, 'Role'),
    time: start && end ? `${start}–${end}` : str(role.time),
    booked,
    pending,
    open: num(role.open, Math.max(0, quantity - booked)),
    quantity,
  };
}

function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10);
}

/** The days across: every day from the first to the last (a week), or only days with jobs when longer. */
export function daysOf(jobs: Json[], from?: string, to?: string): string[] {
  const dates = jobs
    .map((job) => str(job.date))
    .filter((date) => /^\d{4}-\d{2}-\d{2}$/.test(date))
    .sort();
  const first = from || dates[0];
  const last = to || dates[dates.length - 1];
  if (!first || !last) return [];
  const all: string[] = [];
  for (let day = first; day <= last && all.length <= MAX_EMPTY_DAYS; day = addDays(day, 1)) all.push(day);
  if (all.length <= MAX_EMPTY_DAYS) return all;
  return [...new Set(dates)];
}

/** The board's zone: given by the schedule, else the zone most of its jobs use. */
function boardZone(board: Json, jobs: Json[]): string {
  const given = str(board.timezone);
  if (given) return given;
  const tally = new Map<string, number>();
  for (const job of jobs) tally.set(str(job.timezone), (tally.get(str(job.timezone)) ?? 0) + 1);
  return [...tally.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? '';
}

interface Row {
  key: string;
  title: string;
  detail: string;
  byDay: Map<string, Json>;
}

function rowsOf(jobs: Json[], zone: string): Row[] {
  const rows = new Map<string, Row>();
  for (const job of jobs) {
    const key = str(job.multiDayJobId) ? `m${str(job.multiDayJobId)}` : `j${str(job.id)}`;
    let row = rows.get(key);
    if (!row) {
      const details = [
        str(job.location),
        str(job.timezone) && str(job.timezone) !== zone ? str(job.timezone) : '',
      ]
        .filter(Boolean)
        .join(' · ');
      row = { key, title: str(job.title, `Job ${str(job.id)}`), detail: details, byDay: new Map() };
      rows.set(key, row);
    }
    row.byDay.set(str(job.date), job);
  }
  return [...rows.values()];
}

export interface BoardWeekHandlers {
  openRole(job: Json, role: Json, button: HTMLElement): void;
  openSchedule?(boardId: string): void;
}

function roleButton(job: Json, role: Json, context: HostContext, handlers: BoardWeekHandlers): HTMLElement {
  const places = rolePlaces(job, role);
  const button = h(
    'button',
    {
      type: 'button',
      class: `role${places.open > 0 ? ' has-open' : ''}`,
      'data-job': places.jobId,
      'data-role': places.roleId,
      'aria-label': `${places.title} ${places.time}: ${places.booked} of ${places.quantity} booked, ${places.pending} pending, ${places.open} open. Show candidates.`,
      onclick: (event: Event) => handlers.openRole(job, role, event.currentTarget as HTMLElement),
    },
    h('span', { class: 'role-title' }, places.title),
    h('span', { class: 'role-time' }, places.time),
    placesBarFor(places, context),
    h(
      'span',
      { class: 'role-count' },
      `${count(places.booked, context)}/${count(places.quantity, context)}`,
      places.open > 0 ? h('strong', { class: 'open-count' }, ` · ${count(places.open, context)} open`) : null,
    ),
  );
  return button;
}

function placesBarFor(places: RolePlaces, context: HostContext): HTMLElement {
  const label = `${count(places.booked, context)} booked, ${count(places.pending, context)} pending, ${count(places.open, context)} open`;
  const pendingShown = Math.min(places.pending, places.open);
  const segment = (kind: string, value: number) =>
    value > 0 ? h('span', { class: `seg ${kind}`, style: `flex-grow:${value}` }) : null;
  return h(
    'span',
    {
      class: 'bar',
      title: label,
      'data-open': places.open,
      'data-booked': places.booked,
      'data-pending': places.pending,
    },
    segment('booked', places.booked),
    segment('pending', pendingShown),
    segment('open', places.open - pendingShown),
  );
}

/** One board's grid. */
function boardGrid(
  board: Json,
  jobs: Json[],
  days: string[],
  context: HostContext,
  handlers: BoardWeekHandlers,
): HTMLElement {
  const zone = boardZone(board, jobs);
  const rows = rowsOf(jobs, zone);
  const roles = jobs.flatMap((job) => list(job.roles).map((role) => rolePlaces(job, role)));
  const open = roles.reduce((sum, role) => sum + role.open, 0);
  const boardId = str(board.id);
  const grid = h('div', {
    class: 'grid',
    role: 'table',
    style: `--days:${days.length}`,
    'aria-label': `${str(board.name, 'Board')} by day`,
  });
  grid.append(
    h(
      'div',
      { class: 'row head', role: 'row' },
      h('span', { class: 'cell corner', role: 'columnheader' }, 'Job'),
      ...days.map((day) =>
        h('span', { class: 'cell day', role: 'columnheader', 'data-date': day }, dayLabel(day, context)),
      ),
    ),
  );
  for (const row of rows) {
    grid.append(
      h(
        'div',
        { class: 'row', role: 'row', 'data-row': row.key },
        h(
          'span',
          { class: 'cell job', role: 'rowheader' },
          h('strong', {}, row.title),
          row.detail ? h('span', { class: 'muted zone' }, row.detail) : null,
        ),
        ...days.map((day) => {
          const job = row.byDay.get(day);
          return h(
            'span',
            { class: `cell${job ? '' : ' empty'}`, role: 'cell', 'data-date': day },
            job ? h('span', { class: 'cell-day' }, dayLabel(day, context)) : null,
            ...(job ? list(job.roles).map((role) => roleButton(job, role, context, handlers)) : []),
          );
        }),
      ),
    );
  }
  return h(
    'section',
    { class: 'board', 'data-board': boardId },
    h(
      'div',
      { class: 'board-head' },
      h('h2', {}, `${str(board.name, 'Board')}${boardId ? ` · board ${boardId}` : ''}`),
      h(
        'span',
        { class: 'muted board-summary' },
        `${count(rows.length, context)} jobs · ${count(roles.length, context)} roles · ${count(open, context)} open places${zone ? ` · times local, board zone ${zone}` : ''}`,
      ),
      handlers.openSchedule && boardId
        ? h(
            'button',
            { type: 'button', class: 'ghost', onclick: () => handlers.openSchedule?.(boardId) },
            'Next 7 days',
          )
        : null,
    ),
    rows.length ? grid : h('p', { class: 'muted' }, 'No jobs on these days.'),
  );
}

export function renderBoardWeek(data: Json, context: HostContext, handlers: BoardWeekHandlers): HTMLElement {
  const jobs = list(data.jobs);
  const days = daysOf(jobs, str(data.from), str(data.to));
  const boards = new Map<string, { board: Json; jobs: Json[] }>();
  const givenBoard = obj(data.board);
  for (const job of jobs) {
    const board = Object.keys(givenBoard).length ? givenBoard : obj(job.board);
    const id = str(board.id);
    const entry = boards.get(id) ?? { board, jobs: [] };
    entry.jobs.push(job);
    boards.set(id, entry);
  }
  if (boards.size === 0 && Object.keys(givenBoard).length)
    boards.set(str(givenBoard.id), { board: givenBoard, jobs: [] });
  const range = days.length
    ? `${dayLabel(days[0] ?? '', context)} – ${dayLabel(days[days.length - 1] ?? '', context)}`
    : '';
  const page = obj(data.page);
  const more =
    num(page.total) > jobs.length
      ? `${count(jobs.length, context)} of ${count(num(page.total), context)} jobs shown`
      : '';
  return h(
    'div',
    { class: 'week' },
    h(
      'header',
      { class: 'top' },
      h(
        'div',
        {},
        h('h1', {}, range ? `Week ${range}` : 'Jobs'),
        more ? h('p', { class: 'muted' }, more) : null,
      ),
      h(
        'div',
        { class: 'legend', 'aria-hidden': 'true' },
        h('span', {}, h('i', { class: 'booked' }), 'booked'),
        h('span', {}, h('i', { class: 'pending' }), 'pending'),
        h('span', {}, h('i', { class: 'open' }), 'open'),
      ),
    ),
    ...[...boards.values()].map(({ board, jobs: boardJobs }) =>
      boardGrid(board, boardJobs, days, context, handlers),
    ),
    jobs.length === 0 && boards.size === 0 ? h('p', { class: 'empty' }, 'No jobs in this range.') : null,
  );
}
