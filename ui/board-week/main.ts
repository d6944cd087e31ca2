// Board week view: list_jobs over a date range, or a board's schedule (crew://boards/{id}/schedule,
// read through the host). A role opens its candidates (find_matching_crew) in a panel below the grid.
import '../shared/base.css';
import '../role-candidates/style.css';
import './style.css';
import { renderCandidates } from '../role-candidates/render.js';
import {
  fullscreenButton,
  h,
  type Json,
  obj,
  resultData,
  startView,
  str,
  type ViewState,
} from '../shared/view.js';
import { renderBoardWeek } from './render.js';

/** The structured week a schedule resource carries beside its Markdown (content `_meta`). */
const SCHEDULE_META = 'crew-mcp/schedule';

function candidatesPanel(root: HTMLElement): HTMLElement {
  let panel = root.querySelector<HTMLElement>('#candidates');
  if (!panel) {
    panel = h('section', { id: 'candidates', class: 'panel', 'aria-live': 'polite', tabindex: '-1' });
    root.append(panel);
  }
  return panel;
}

async function openRole(root: HTMLElement, view: ViewState, job: Json, role: Json, opener: HTMLElement) {
  const panel = candidatesPanel(root);
  const close = () => {
    panel.replaceChildren();
    opener.focus();
  };
  panel.onkeydown = (event) => {
    if (event.key === 'Escape') close();
  };
  panel.replaceChildren(h('p', { class: 'muted' }, `Finding crew for ${str(role.title)}…`));
  panel.setAttribute('aria-busy', 'true');
  try {
    const result = await view.bridge.callTool('find_matching_crew', {
      jobId: str(job.id),
      roleId: str(role.id),
    });
    const { data, error } = resultData(result);
    panel.replaceChildren(
      h(
        'button',
        { type: 'button', class: 'ghost close', onclick: close, 'aria-label': 'Close candidates' },
        'Close',
      ),
      data ? renderCandidates(data, view.context) : h('p', { class: 'error', role: 'alert' }, error ?? ''),
    );
  } catch (error) {
    panel.replaceChildren(
      h('p', { class: 'error', role: 'alert' }, `Could not ask for candidates: ${(error as Error).message}`),
    );
  }
  panel.removeAttribute('aria-busy');
  panel.focus();
}

async function openSchedule(view: ViewState, boardId: string) {
  const uri = `crew://boards/${encodeURIComponent(boardId)}/schedule`;
  try {
    const read = await view.bridge.readResource(uri);
    const week = obj(obj(read.contents?.[0]?._meta)[SCHEDULE_META]);
    if (Object.keys(week).length === 0) view.fail(`${uri} carried no week to show.`);
    else view.show(week);
  } catch (error) {
    view.fail(`Could not read ${uri}: ${(error as Error).message}`);
  }
}

startView({
  name: 'crew-board-week',
  render(root, data, view) {
    const week = renderBoardWeek(data, view.context, {
      openRole: (job, role, opener) => {
        openRole(root, view, job, role, opener).catch(() => undefined);
      },
      openSchedule: view.bridge.capabilities.serverResources
        ? (boardId) => {
            openSchedule(view, boardId).catch(() => undefined);
          }
        : undefined,
    });
    const button = fullscreenButton(view);
    if (button) week.querySelector('header.top')?.append(button);
    root.append(week);
  },
});
