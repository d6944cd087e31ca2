// A staffing plan within the result budget at any size. A plan's whole answer (every assignment
// with its name and reason, hours per person, the text with one line per booking) outgrows the
// 20,000 tokens of one result at about 200 places. Past that size the answer keeps its stable
// shape but says each thing once: names only in the `crew` map, role facts only in `roles`, no
// per-assignment reason or hours list, and a text that lists per person the role ids to book; if
// even that is too long, the first people are kept and the rest counted. `shortened` says what
// was left out. The plan view reads the whole plan page by page (plan_staffing_page, an app-only
// tool) from the kept plan, which then holds the whole answer too.
import { fitItems, RESULT_TOKEN_LIMIT, type Rendered } from '../mcp/budget.js';
import {
  optionsLine,
  type PlanResult,
  type PlanShortened,
  PROPOSAL_NOTE,
  planResultSchema,
  proofWords,
} from './plan.js';

const OMITTED = ['assignments.name', 'assignments.reason', 'hours', "alternates after a role's first place"];
const HOW = 'The plan view shows the whole plan; or plan a day or a board at a time.';

/** The answer as it is when it fits, else the compact answer of the same shape (see the header). */
export function fitPlan(full: Rendered<PlanResult>, limit = RESULT_TOKEN_LIMIT): Rendered<PlanResult> {
  if (cost(full) <= limit) return full;
  const people = [...new Set(full.data.assignments.map((entry) => entry.crewId))];
  return fitItems(people, (kept, cut) => compactPlan(full.data, kept, cut), limit);
}

function cost(rendered: Rendered<PlanResult>): number {
  // The same estimate fitItems uses, so a plan that fits here fits there.
  return Math.ceil(rendered.text.length / 2.5) + Math.ceil(JSON.stringify(rendered.data).length / 2.5);
}

/** The compact answer with the assignments of `people` only (`cut` more people left out). */
export function compactPlan(full: PlanResult, people: string[], cut: number): Rendered<PlanResult> {
  const shown = new Set(people);
  const assignments = full.assignments.filter((entry) => shown.has(entry.crewId));
  const named = new Set(assignments.flatMap((entry) => [entry.crewId, ...entry.alternates]));
  const roleKeys = new Set(
    [...assignments, ...full.unfilled].map((entry) => `${entry.jobId}/${entry.roleId}`),
  );
  const left = full.assignments.length - assignments.length;
  const shortened: PlanShortened = {
    omitted: OMITTED,
    ...(cut ? { people: cut, assignments: left } : {}),
    how: HOW,
  };
  const data: PlanResult = {
    ...full,
    assignments: onceARole(assignments),
    hours: [],
    roles: (full.roles ?? []).filter((role) => roleKeys.has(`${role.jobId}/${role.roleId}`)),
    crew: (full.crew ?? []).filter((member) => named.has(member.crewId)),
    shortened,
  };
  return { data, text: compactText(full, data, shortened) };
}

/** Assignments without name and reason; a role's alternates (the same on each of its places) on its first place only. */
function onceARole(assignments: PlanResult['assignments']): PlanResult['assignments'] {
  const said = new Set<string>();
  return assignments.map(({ jobId, roleId, crewId, alternates }) => {
    const first = !said.has(roleId);
    said.add(roleId);
    return { jobId, roleId, crewId, alternates: first ? alternates : [] };
  });
}

function compactText(full: PlanResult, data: PlanResult, shortened: PlanShortened): string {
  const { totals } = full;
  const cut = shortened.people
    ? ` ${shortened.people} more people (${shortened.assignments} bookings) are left out.`
    : '';
  const lines = [
    `Plan ${full.planId} (until ${full.keptUntil}): ${totals.placesFilled}/${totals.placesOpen} places filled, ${proofWords(totals, full.objective)}, ${totals.solveMs} ms.`,
    PROPOSAL_NOTE,
    `Objective in order: ${full.objective.join(' > ')}.`,
    `Shortened to fit one answer: roles are listed once and each person's bookings by role id.${cut} ${HOW}`,
  ];
  // Roles by job: a job's title and zone once, then each role's id, title, local day and hours.
  const jobs = new Map<string, string[]>();
  for (const role of data.roles ?? []) {
    const head = `Job ${role.jobId} ${role.job} (${role.timezone}):`;
    jobs.set(head, [...(jobs.get(head) ?? []), `${role.roleId} ${role.title} ${role.date} ${role.time}`]);
  }
  if (jobs.size) lines.push('Roles:');
  for (const [head, roles] of jobs) lines.push(`${head} ${roles.join('; ')}`);
  const names = new Map((full.crew ?? []).map((member) => [member.crewId, member.name]));
  const hours = new Map(full.hours.map((entry) => [entry.crewId, entry.hours]));
  const perPerson = new Map<string, string[]>();
  for (const entry of data.assignments)
    perPerson.set(entry.crewId, [...(perPerson.get(entry.crewId) ?? []), entry.roleId]);
  if (perPerson.size) lines.push('Book, per crew member (hours in range): role ids');
  for (const [id, roles] of perPerson)
    lines.push(`- ${names.get(id) ?? 'crew'} ${id} (${hours.get(id) ?? 0} h): ${roles.join(', ')}`);
  const alternates = data.assignments
    .filter((entry) => entry.alternates.length)
    .map((entry) => `${entry.roleId}: ${entry.alternates.join(', ')}`);
  if (alternates.length) lines.push(`Alternates by role: ${alternates.join(' · ')}`);
  if (full.unfilled.length) lines.push('Unfilled:');
  for (const entry of full.unfilled)
    lines.push(`- ${entry.jobId}/${entry.roleId} ×${entry.places} ${entry.code}: ${entry.reason}`);
  if (full.unchecked?.length)
    lines.push(
      `Verify in person: ${full.unchecked.map((entry) => `${entry.roleId} ${entry.verify.join(', ')}`).join('; ')}`,
    );
  if (full.changes?.length)
    lines.push(
      `Changes: ${full.changes.map((change) => `${change.roleId} ${change.from ?? '-'} -> ${change.to ?? '-'}`).join('; ')}`,
    );
  lines.push(optionsLine(full.options));
  if (full.note) lines.push(full.note);
  return lines.join('\n');
}

/** The whole answer kept beside a shortened plan for the view's pages; absent when it fitted. */
export function keptView(kept: unknown): PlanResult | undefined {
  const view = (kept as { view?: unknown } | undefined)?.view;
  const parsed = view === undefined ? undefined : planResultSchema.safeParse(view);
  return parsed?.success ? parsed.data : undefined;
}
