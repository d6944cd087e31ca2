// A role's candidates from find_matching_crew's structuredContent: ranked matches with what their
// place rests on (status here, hours that week, last worked, score), one reason per requirement
// and their flags, crew booked elsewhere at that time with the clashing job, near
// misses with the one requirement they lack, and the requirements no crew data can check as a
// checklist for a person. Shared by the candidates view and the board week (a role opens it).
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

function crewLabel(entry: Json): string {
  const name = str(entry.name) || str(entry.crewName);
  const id = str(entry.crewId);
  return name ? name : `crew ${id}`;
}

/** Flags a coordinator weighs: pending elsewhere, this role's own status, touching shifts. */
function flags(match: Json): HTMLElement[] {
  const chips: HTMLElement[] = [];
  const thisRole = str(match.thisRole);
  if (thisRole) chips.push(h('span', { class: 'chip' }, `${thisRole.toLowerCase()} here`));
  for (const pending of list(match.pending)) {
    chips.push(
      h(
        'span',
        {
          class: 'chip warn',
          title: `${str(pending.status)} on job ${str(pending.jobId)} role ${str(pending.roleId)}`,
        },
        `${str(pending.status, 'pending').toLowerCase()} elsewhere · job ${str(pending.jobId)}`,
      ),
    );
  }
  // Newer results may name touching shifts (back to back, short rest) and other flags as text.
  for (const touching of list(match.touching)) {
    chips.push(h('span', { class: 'chip warn' }, `touching shift · job ${str(touching.jobId)}`));
  }
  for (const flag of strings(match.flags)) chips.push(h('span', { class: 'chip warn' }, flag));
  return chips;
}

function roleHeader(role: Json, context: HostContext): HTMLElement | null {
  if (Object.keys(role).length === 0) return null;
  const open = num(role.open, Math.max(0, num(role.quantity) - num(role.booked)));
  return h(
    'div',
    {},
    h('h1', {}, `${str(role.title, 'Role')} · ${str(role.job)}`),
    h(
      'p',
      { class: 'muted' },
      [str(role.date) ? dayLabel(str(role.date), context, true) : '', str(role.time), str(role.timezone)]
        .filter(Boolean)
        .join(' · '),
    ),
    h(
      'p',
      { class: 'muted' },
      `${count(open, context)} open of ${count(num(role.quantity), context)} · ${count(num(role.booked), context)} booked · job ${str(role.jobId)} role ${str(role.roleId)}`,
    ),
  );
}

function section(
  title: string,
  total: number,
  shown: number,
  items: HTMLElement[],
  kind: string,
): HTMLElement | null {
  if (items.length === 0) return null;
  const more = total > shown ? ` (${shown} of ${total})` : '';
  return h(
    'section',
    { class: kind },
    h('h2', {}, `${title}${more}`),
    h('ol', { class: 'plain cards' }, items),
  );
}

export function renderCandidates(data: Json, context: HostContext): HTMLElement {
  const role = obj(data.role);
  const matches = list(data.matches);
  const unavailable = list(data.unavailable);
  const nearMisses = list(data.nearMisses);
  const booked = list(data.booked);
  const unchecked = strings(data.unchecked);
  const totalMatches = num(data.totalMatches, matches.length);
  const summary = `${count(totalMatches, context)} ${totalMatches === 1 ? 'match' : 'matches'} among ${count(num(data.considered), context)} crew (${strings(data.statuses).join(', ') || 'any status'})`;
  return h(
    'div',
    { class: 'candidates' },
    h(
      'header',
      { class: 'top' },
      h(
        'div',
        {},
        roleHeader(role, context) ?? h('h1', {}, 'Crew for these requirements'),
        str(data.window) ? h('p', { class: 'muted' }, `Free during ${str(data.window)}`) : null,
        h('p', { class: 'summary' }, summary),
      ),
    ),
    matches.length === 0
      ? h('p', { class: 'empty' }, 'No crew meet every checkable requirement and are free then.')
      : null,
    section(
      'Ranked matches',
      totalMatches,
      matches.length,
      matches.map((match, index) =>
        h(
          'li',
          { class: 'card match', 'data-crew': str(match.crewId) },
          h(
            'div',
            { class: 'line' },
            h('span', { class: 'rank' }, `${num(match.rank, index + 1)}`),
            h('strong', {}, crewLabel(match)),
            h('span', { class: 'muted' }, `#${str(match.crewId)}`),
            ...flags(match),
          ),
          str(match.reason) ? h('p', { class: 'muted why' }, str(match.reason)) : null,
          h(
            'ul',
            { class: 'reasons' },
            strings(match.reasons).map((reason) => h('li', {}, reason)),
          ),
        ),
      ),
      'matches',
    ),
    section(
      'Booked elsewhere at that time',
      num(data.totalUnavailable, unavailable.length),
      unavailable.length,
      unavailable.map((entry) =>
        h(
          'li',
          { class: 'card unavailable', 'data-crew': str(entry.crewId) },
          h('strong', {}, crewLabel(entry)),
          h(
            'span',
            { class: 'muted' },
            ` booked on ${str(entry.job) || `job ${str(entry.jobId)}`} · role ${str(entry.roleId)}`,
          ),
        ),
      ),
      'unavailable',
    ),
    section(
      'Near misses',
      num(data.totalNearMisses, nearMisses.length),
      nearMisses.length,
      nearMisses.map((entry) =>
        h(
          'li',
          { class: 'card near', 'data-crew': str(entry.crewId) },
          h('strong', {}, crewLabel(entry)),
          h('span', { class: 'muted' }, `: ${str(entry.failed, 'fails one requirement')}`),
        ),
      ),
      'near-misses',
    ),
    booked.length
      ? h('p', { class: 'muted booked' }, `Already booked here: ${booked.map(crewLabel).join(', ')}`)
      : null,
    unchecked.length
      ? h(
          'section',
          { class: 'unchecked' },
          h('h2', {}, 'A person must check'),
          h(
            'ul',
            { class: 'plain checklist' },
            unchecked.map((requirement, index) =>
              h(
                'li',
                {},
                h('input', { type: 'checkbox', id: `unchecked-${index}` }),
                h('label', { for: `unchecked-${index}` }, ` ${requirement}`),
              ),
            ),
          ),
        )
      : null,
    strings(data.checked).length
      ? h('p', { class: 'muted' }, `Checked against crew data: ${strings(data.checked).join('; ')}`)
      : null,
    ...strings(data.notes).map((note) => h('p', { class: 'muted note' }, note)),
  );
}
