// A staffing plan (plan_staffing's structuredContent, issue 20's shape): places by day and role with
// the proposed person, their reason and the alternates; unfilled places with their reason; totals
// with the optimality line; hours per person; what changed since the last plan. Names, role titles
// and dates are read when the result carries them (the stable shape has ids only), else ids show.
import {
  count,
  dayLabel,
  type HostContext,
  h,
  type Json,
  list,
  num,
  obj,
  str,
  strings,
} from '../shared/view.js';

export interface PlanHandlers {
  swap(assignment: Json, alternate: string): void;
  exclude(crewId: string): void;
}

const CODES: Record<string, string> = {
  NO_QUALIFIED_CREW: 'no qualified crew',
  ALL_QUALIFIED_BOOKED: 'qualified crew booked elsewhere',
  NEEDED_ELSEWHERE_IN_PLAN: 'needed elsewhere in this plan',
  LIMIT_REACHED: 'limit reached',
};

/** Crew names and role facts from whatever the result carries beside the ids. */
function lookups(data: Json) {
  const names = new Map<string, string>();
  const addName = (id: unknown, name: unknown) => {
    if (str(id) && str(name)) names.set(str(id), str(name));
  };
  for (const entry of list(data.crew)) addName(entry.crewId ?? entry.id, entry.name);
  for (const entry of list(data.hours)) addName(entry.crewId, entry.name);
  for (const entry of list(data.assignments)) {
    addName(entry.crewId, entry.name ?? entry.crewName ?? obj(entry.crew).name);
    for (const alternate of list(entry.alternates)) addName(alternate.crewId, alternate.name);
  }
  const roles = new Map<string, Json>();
  for (const entry of list(data.roles)) roles.set(`${str(entry.jobId)}/${str(entry.roleId)}`, entry);
  const titles = new Map<string, string>();
  for (const entry of roles.values()) if (str(entry.title)) titles.set(str(entry.roleId), str(entry.title));
  return {
    name: (id: string) => names.get(id) ?? `crew ${id}`,
    /** A change names only its role id: the title beside it when the answer carries one. */
    roleName: (roleId: string) =>
      titles.has(roleId) ? `${titles.get(roleId)} (role ${roleId})` : `Role ${roleId}`,
    role: (item: Json): Json => ({
      ...obj(item.role),
      ...roles.get(`${str(item.jobId)}/${str(item.roleId)}`),
      ...item,
    }),
  };
}

/** Alternates are ids (the stable shape) or objects with an id and a name. */
function alternateIds(assignment: Json): string[] {
  const raw = Array.isArray(assignment.alternates) ? assignment.alternates : [];
  return raw
    .map((item) => (typeof item === 'object' && item !== null ? str((item as Json).crewId) : str(item)))
    .filter(Boolean);
}

function optimality(totals: Json, context: HostContext): string {
  const status = str(totals.status);
  const solve = num(totals.solveMs, -1) >= 0 ? ` · solved in ${count(num(totals.solveMs), context)} ms` : '';
  if (status === 'optimal') return `Optimal: proven best plan${solve}`;
  if (status === 'feasible') {
    const gap = num(totals.gap, -1);
    // The stopped objective and a gap never shown as 0: "not proven" must not read as proven.
    const stopped = str(totals.unproven) ? ` on ${str(totals.unproven)}` : '';
    const within = gap >= 0 ? ` (within ${Math.max(0.01, gap * 100).toFixed(2)} %)` : '';
    return `Best plan found, not proven optimal${stopped}${within}${solve}`;
  }
  return solve.replace(/^ · /, '');
}

interface RoleGroup {
  key: string;
  role: Json;
  assignments: Json[];
  unfilled: Json[];
}

function groupsByDay(data: Json, role: (item: Json) => Json): Map<string, RoleGroup[]> {
  const groups = new Map<string, RoleGroup>();
  const add = (item: Json, kind: 'assignments' | 'unfilled') => {
    const key = `${str(item.jobId)}/${str(item.roleId)}`;
    const group = groups.get(key) ?? { key, role: role(item), assignments: [], unfilled: [] };
    group[kind].push(item);
    groups.set(key, group);
  };
  for (const item of list(data.assignments)) add(item, 'assignments');
  for (const item of list(data.unfilled)) add(item, 'unfilled');
  const byDay = new Map<string, RoleGroup[]>();
  const sorted = [...groups.values()].sort(
    (a, b) =>
      str(a.role.date).localeCompare(str(b.role.date)) ||
      str(a.role.time ?? a.role.start).localeCompare(str(b.role.time ?? b.role.start)) ||
      a.key.localeCompare(b.key, 'en', { numeric: true }),
  );
  for (const group of sorted) {
    const day = str(group.role.date);
    byDay.set(day, [...(byDay.get(day) ?? []), group]);
  }
  return byDay;
}

function roleCard(
  group: RoleGroup,
  changed: Set<string>,
  names: (id: string) => string,
  handlers: PlanHandlers,
  busy: boolean,
): HTMLElement {
  const role = group.role;
  const title = str(role.title) || str(role.roleTitle) || `Role ${str(role.roleId)}`;
  const where = [
    str(role.job) || str(role.jobTitle) || `job ${str(role.jobId)}`,
    str(role.time),
    str(role.timezone),
  ]
    .filter(Boolean)
    .join(' · ');
  return h(
    'article',
    { class: 'role-card', 'data-job': str(role.jobId), 'data-role': str(role.roleId) },
    h('h3', {}, title, h('span', { class: 'muted' }, ` · ${where}`)),
    h(
      'ul',
      { class: 'plain people' },
      group.assignments.map((assignment) => {
        const crewId = str(assignment.crewId);
        const alternates = alternateIds(assignment);
        return h(
          'li',
          {
            class: `person${changed.has(`${str(assignment.roleId)}/${crewId}`) ? ' changed' : ''}`,
            'data-crew': crewId,
          },
          h(
            'div',
            { class: 'who' },
            h('strong', {}, names(crewId)),
            h('span', { class: 'muted' }, ` #${crewId}`),
            str(assignment.reason) ? h('span', { class: 'reason' }, str(assignment.reason)) : null,
          ),
          h(
            'div',
            { class: 'actions' },
            ...alternates.map((alternate) =>
              h(
                'button',
                {
                  type: 'button',
                  class: 'swap',
                  'data-to': alternate,
                  disabled: busy,
                  onclick: () => handlers.swap(assignment, alternate),
                },
                `Swap for ${names(alternate)}`,
              ),
            ),
            h(
              'button',
              {
                type: 'button',
                class: 'ghost exclude',
                disabled: busy,
                onclick: () => handlers.exclude(crewId),
              },
              `Exclude ${names(crewId)}`,
            ),
          ),
        );
      }),
      group.unfilled.map((entry) =>
        h(
          'li',
          { class: 'person unfilled', 'data-code': str(entry.code) },
          h(
            'span',
            { class: 'chip bad' },
            `${count(num(entry.places, 1), {})} unfilled · ${CODES[str(entry.code)] ?? str(entry.code, 'unfilled')}`,
          ),
          h('span', { class: 'reason' }, str(entry.reason)),
        ),
      ),
    ),
  );
}

export function renderPlan(
  data: Json,
  context: HostContext,
  handlers: PlanHandlers,
  busy = false,
): HTMLElement {
  const totals = obj(data.totals);
  const { name, role, roleName } = lookups(data);
  const changes = list(data.changes);
  const changed = new Set(changes.map((change) => `${str(change.roleId)}/${str(change.to)}`));
  const open = num(
    totals.placesOpen,
    list(data.assignments).length + list(data.unfilled).reduce((sum, entry) => sum + num(entry.places, 1), 0),
  );
  const filled = num(totals.placesFilled, list(data.assignments).length);
  const hours = list(data.hours).sort((a, b) => num(b.hours) - num(a.hours));
  const most = Math.max(1, ...hours.map((entry) => num(entry.hours)));
  const days = groupsByDay(data, role);
  return h(
    'div',
    { class: 'plan' },
    h(
      'header',
      { class: 'top' },
      h(
        'div',
        {},
        h('h1', {}, `Staffing plan${str(data.planId) ? ` ${str(data.planId)}` : ''}`),
        h('p', { class: 'totals' }, `${count(filled, context)} of ${count(open, context)} places filled`),
        h('p', { class: 'muted optimality' }, optimality(totals, context)),
        ...strings(data.notes).map((note) => h('p', { class: 'muted' }, note)),
        str(data.note) ? h('p', { class: 'muted' }, str(data.note)) : null,
      ),
    ),
    changes.length
      ? h(
          'section',
          { class: 'changes', role: 'status' },
          h('h2', {}, 'Changed'),
          h(
            'ul',
            { class: 'plain' },
            changes.map((change) =>
              h(
                'li',
                {},
                `${roleName(str(change.roleId))}: ${str(change.from) ? name(str(change.from)) : 'nobody'} → ${str(change.to) ? name(str(change.to)) : 'nobody'}`,
              ),
            ),
          ),
        )
      : null,
    ...[...days.entries()].map(([day, groups]) =>
      h(
        'section',
        { class: 'day', 'data-date': day },
        h('h2', {}, day ? dayLabel(day, context, true) : 'Places'),
        ...groups.map((group) => roleCard(group, changed, name, handlers, busy)),
      ),
    ),
    hours.length
      ? h(
          'section',
          { class: 'hours' },
          h('h2', {}, 'Hours per person'),
          h(
            'ul',
            { class: 'plain' },
            hours.map((entry) =>
              h(
                'li',
                { 'data-crew': str(entry.crewId) },
                h('span', { class: 'hours-name' }, name(str(entry.crewId))),
                h('span', {
                  class: 'hours-bar',
                  style: `width:${Math.round((num(entry.hours) / most) * 100)}%`,
                }),
                h('span', { class: 'hours-value' }, `${count(num(entry.hours), context)} h`),
              ),
            ),
          ),
        )
      : null,
  );
}
