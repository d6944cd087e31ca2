// crew://boards: the boards seen in the jobs of the recent and coming months, with their
// timezones (the platform has no board query; every job names its board).
import type { McpServer } from '@modelcontextprotocol/server';
import type { CatalogIndex } from './catalog.js';
import { MARKDOWN, markdown, type ResourceDeps } from './context.js';
import { guardRead } from './errors.js';

export const BOARDS_URI = 'crew://boards';

export function renderBoards(index: CatalogIndex): string {
  const lines = [
    '# Boards',
    `Seen in jobs dated ${index.from} to ${index.to}. A job's times are local to its timezone (the board's unless the job sets one).`,
    '',
  ];
  if (index.boards.length === 0) lines.push('No jobs in this window, so no boards are known.');
  for (const board of index.boards) {
    const next = board.nextDate ? `, next ${board.nextDate}` : '';
    const others = board.otherZones.length ? `; jobs also in ${board.otherZones.join(', ')}` : '';
    lines.push(
      `- ${board.id} **${board.name}**: ${board.timezone}; ${board.jobs} jobs, ${board.upcoming} from today${next}${others}`,
    );
  }
  if (index.truncated)
    lines.push('', 'More jobs than the scan reads: boards seen only in later jobs may be missing.');
  lines.push('', 'Schedule of a board: crew://boards/{boardId}/schedule. Jobs by dates: list_jobs.');
  return lines.join('\n');
}

export function registerBoards(server: McpServer, deps: ResourceDeps): void {
  server.registerResource(
    'boards',
    BOARDS_URI,
    {
      title: 'Boards',
      description: 'Boards seen in the jobs of the recent and coming months, with their timezones.',
      mimeType: MARKDOWN,
    },
    (uri) =>
      guardRead(uri.href, deps.logger, async () =>
        markdown(uri.href, renderBoards(await deps.catalog.jobIndex())),
      ),
  );
}
