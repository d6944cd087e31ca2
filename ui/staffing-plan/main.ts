// Staffing plan view: plan_staffing's answer. A coordinator swaps a person for an alternate or
// excludes someone; the view asks plan_staffing again with the plan id and the change, and shows
// the whole new plan with what changed.
import '../shared/base.css';
import './style.css';
import type { ToolResult } from '../shared/bridge.js';
import {
  fullscreenButton,
  h,
  type Json,
  list,
  resultData,
  startView,
  str,
  type ViewState,
} from '../shared/view.js';
import { renderPlan } from './render.js';

/** plan_staffing's follow-up arguments: the plan id plus one change (issue 20). */
export function swapArguments(planId: string, assignment: Json, to: string): Record<string, unknown> {
  // plan_staffing's follow-up: `swap` takes a person off a role, `pin` keeps another on it.
  const roleId = str(assignment.roleId);
  return { planId, swap: [`${roleId}:${str(assignment.crewId)}`], pin: [`${roleId}:${to}`] };
}
export function excludeArguments(planId: string, crewId: string): Record<string, unknown> {
  return { planId, exclude: [crewId] };
}

async function replan(
  root: HTMLElement,
  view: ViewState,
  data: Json,
  args: Record<string, unknown>,
  what: string,
) {
  draw(root, view, data, true);
  const status = root.querySelector('#plan-status');
  if (status) status.textContent = `Planning again: ${what}…`;
  try {
    const { data: next, error } = resultData(await view.bridge.callTool('plan_staffing', args));
    if (next) {
      view.show(next);
      root.querySelector<HTMLElement>('.changes, h1')?.focus();
    } else {
      draw(root, view, data, false);
      root
        .querySelector('#plan-status')
        ?.replaceChildren(h('span', { class: 'error', role: 'alert' }, error ?? ''));
    }
  } catch (error) {
    draw(root, view, data, false);
    root
      .querySelector('#plan-status')
      ?.replaceChildren(
        h('span', { class: 'error', role: 'alert' }, `Could not plan again: ${(error as Error).message}`),
      );
  }
}

function draw(root: HTMLElement, view: ViewState, data: Json, busy: boolean) {
  const planId = str(data.planId);
  const plan = renderPlan(
    data,
    view.context,
    {
      swap: (assignment, to) => {
        replan(
          root,
          view,
          data,
          swapArguments(planId, assignment, to),
          `swap on role ${str(assignment.roleId)}`,
        ).catch(() => undefined);
      },
      exclude: (crewId) => {
        replan(root, view, data, excludeArguments(planId, crewId), `without crew ${crewId}`).catch(
          () => undefined,
        );
      },
    },
    busy || !planId,
  );
  const button = fullscreenButton(view);
  if (button) plan.querySelector('header.top')?.append(button);
  plan
    .querySelector('header.top > div')
    ?.append(h('p', { id: 'plan-status', class: 'muted', 'aria-live': 'polite' }));
  plan.querySelector('h1')?.setAttribute('tabindex', '-1');
  plan.querySelector('.changes')?.setAttribute('tabindex', '-1');
  root.replaceChildren(plan);
}

/**
 * A large plan's answer is shortened to fit a model's context (names once, no reasons, the first
 * people only): the view reads the whole plan from the kept plan, page by page, through the
 * app-only plan_staffing_page, and merges the pages into the answer's shape.
 */
export async function wholePlan(
  data: Json,
  call: (name: string, args: Record<string, unknown>) => Promise<ToolResult>,
): Promise<Json> {
  const planId = str(data.planId);
  const merged = { assignments: [] as Json[], unfilled: [] as Json[] };
  // A person booked on several pages has their hours on each of them: one row per person.
  const hours = new Map<string, Json>();
  const roles = new Map<string, Json>();
  const crew = new Map<string, Json>();
  for (let offset: number | undefined = 0; offset !== undefined; ) {
    const { data: page, error } = resultData(
      await call('plan_staffing_page', { planId, offset, limit: 200 }),
    );
    if (!page) throw new Error(error ?? 'no page');
    merged.assignments.push(...list(page.assignments));
    merged.unfilled.push(...list(page.unfilled));
    for (const entry of list(page.hours)) hours.set(str(entry.crewId), entry);
    for (const role of list(page.roles)) roles.set(`${str(role.jobId)}/${str(role.roleId)}`, role);
    for (const member of list(page.crew)) crew.set(str(member.crewId), member);
    const next = page.next;
    offset = typeof next === 'number' && next > offset ? next : undefined;
  }
  return {
    ...data,
    ...merged,
    hours: [...hours.values()],
    roles: [...roles.values()],
    crew: [...crew.values()],
    shortened: undefined,
  };
}

startView({
  name: 'crew-staffing-plan',
  render(root, data, view) {
    draw(root, view, data, false);
    if (!data.shortened) return;
    const status = root.querySelector('#plan-status');
    if (status) status.textContent = 'Reading the whole plan…';
    wholePlan(data, (name, args) => view.bridge.callTool(name, args))
      .then((whole) => view.show(whole))
      .catch((error: Error) => {
        root
          .querySelector('#plan-status')
          ?.replaceChildren(
            h('span', { class: 'error', role: 'alert' }, `Showing part of the plan: ${error.message}`),
          );
      });
  },
});
