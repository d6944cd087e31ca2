// The README's benchmark headlines (tool count, tokens, ratios), generated from BENCHMARKS.md so
// that no figure is typed by hand: `npm run bench` rewrites the block after writing the report,
// `npm run readme:figures` does it alone, and test/project/readme-figures.test.ts checks the README
// matches whatever BENCHMARKS.md holds. A figure the report no longer has is an error here.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { packagePath } from '../../src/paths.js';

const START = '<!-- figures:start: generated from BENCHMARKS.md by `npm run readme:figures` -->';
const END = '<!-- figures:end -->';

function find(report: string, pattern: RegExp, what: string): RegExpExecArray {
  const match = pattern.exec(report);
  if (!match)
    throw new Error(`readme-figures: BENCHMARKS.md has no ${what} (${pattern}); re-run npm run bench`);
  return match;
}

/** The `text ÷ raw` and `(text + structured) ÷ raw` ratios of a tool's row in the result table. */
function ratios(report: string, tool: string): { data: string; text: string; both: string } {
  const row = find(
    report,
    new RegExp(`^\\| ([^|]+) \\| \`${tool}\` \\|(?:[^|\\n]*\\|){5} ([\\d.]+x) \\| ([\\d.]+x) \\|`, 'm'),
    `result row for ${tool}`,
  );
  return { data: (row[1] as string).trim(), text: row[2] as string, both: row[3] as string };
}

/** The text of a section of the report, from its heading to the next heading of that level or above. */
function sectionOf(report: string, heading: string, what: string): string {
  const start = report.indexOf(heading);
  if (start < 0)
    throw new Error(`readme-figures: BENCHMARKS.md has no ${what} (${heading}); re-run npm run bench`);
  const level = /^#+/.exec(heading)?.[0] ?? '##';
  const next = report.slice(start + heading.length).search(new RegExp(`^#{2,${level.length}} `, 'm'));
  return next < 0 ? report.slice(start) : report.slice(start, start + heading.length + next);
}

/**
 * The cells of the first table row of `text` whose leading cells are `leading` (after trimming);
 * a leading cell ending in `…` matches any cell that starts with what comes before it.
 */
function row(text: string, leading: string[], what: string): string[] {
  const matches = (cell: string | undefined, wanted: string) =>
    wanted.endsWith('…') ? (cell ?? '').startsWith(wanted.slice(0, -1)) : cell === wanted;
  for (const line of text.split('\n')) {
    if (!line.startsWith('|')) continue;
    const cells = line
      .slice(1, -1)
      .split(' | ')
      .map((cell) => cell.trim());
    if (leading.every((cell, index) => matches(cells[index], cell))) return cells;
  }
  throw new Error(`readme-figures: BENCHMARKS.md has no ${what} row; re-run npm run bench`);
}

const THIS = 'this change';

/** Cold start, per-call overhead and HTTP throughput of this change. */
function speedLines(report: string): string[] {
  const cold = sectionOf(report, '## Cold start (stdio)', 'cold start section');
  const listed = '**spawn → first tools/list answer**';
  const live = row(cold, ['live credentials (benchmark sandbox)', THIS, listed], 'live cold start');
  const embedded = row(cold, ['embedded sandbox (no credentials)', THIS, listed], 'sandbox cold start');
  const added = (heading: string, phase: string) =>
    row(
      sectionOf(report, heading, `latency of ${heading}`),
      ['MCP over stdio', THIS, `${phase} (…`],
      `${phase} stdio latency`,
    )[10]?.replace(/^\+/, '');
  const pause = find(report, /each call after (\d+) ms of idle/, 'pause of the latency section');
  const crew = '#### `get_crew` {"crewId":1}';
  const jobs = '#### `list_jobs` {"perPage":25,"timezone":"UTC"}';
  const http = sectionOf(report, '## HTTP throughput and memory', 'throughput section');
  const load = (era: string) => row(http, [THIS, `16 × \`list_crew\` {"perPage":1}, ${era}`], `${era} load`);
  const sessions = load('2025-11-25 sessions');
  const perRequest = load('2026-07-28 per request');
  const plain = load('2026-07-28 per request, plain HTTP clients');
  const share = (cells: string[]) => /\*\*([\d.]+x)\*\*/.exec(cells[5] ?? '')?.[1] ?? 'n/a';
  const rssMax = Math.max(...[sessions, perRequest, plain].map((cells) => Number(cells[11]))).toFixed(0);
  const long = row(http, [THIS, '20000'], 'long run');
  return [
    `- spawn to the first tools/list takes ${live[3]} ms with live credentials (${live[8]?.replaceAll('*', '')} a`,
    `  bare \`node -e 0\`) and ${embedded[3]} ms with the embedded sandbox (${embedded[8]?.replaceAll('*', '')});`,
    `- a tool call over stdio adds ${added(crew, 'warm')} ms to a direct GraphQL call for one crew profile and`,
    `  ${added(jobs, 'warm')} ms for 25 jobs (medians once warm, calls back to back; ${added(crew, 'first calls')} and ${added(jobs, 'first calls')} ms over a`,
    `  tool's first calls on a server, the JIT still compiling its paths; ${added(crew, 'after a pause')} and ${added(jobs, 'after a pause')} ms when every call`,
    `  comes after ${pause[1]} ms of idle, as an assistant's calls come after a pause);`,
    `- 16 HTTP clients reach ${share(plain)} of the calls/s they get straight from the platform when both sides`,
    `  use the same plain HTTP client (${share(sessions)} and ${share(perRequest)} through the SDK client, whose own cost`,
    `  shares the two cores), the server at most ${rssMax} MiB; over 20,000 calls in a row its live heap`,
    `  is ${long[9]} MiB at the end, ${long[10]} MiB over the second half;`,
  ];
}

/** The suite's size and time, from the report's "Test suite" section (the last full `npm test`). */
export function suiteLine(report: string): string {
  const section = sectionOf(report, '## Test suite (`npm test`)', 'test suite section');
  const figures =
    /\*\*npm test: ([\d,]+) tests in ([\d,]+) s\*\* on (\d+) cores, (\d+) workers, Node v([\d.]+)/.exec(
      section,
    );
  if (!figures) return '- `npm test`: no full run of the suite was recorded when the report was written;';
  return `- \`npm test\` runs ${figures[1]} tests in ${figures[2]} s on ${figures[3]} cores (${figures[4]} workers, Node ${figures[5]});`;
}

/** The headline lines, from the report's own tables and sentences. */
export function headlines(report: string): string {
  const list = find(
    report,
    /\*\*(\d+) tools, ([\d,]+) tokens\*\* model-visible.*?, ([\d,]+) per tool on average/,
    'tool list',
  );
  const jobs = ratios(report, 'list_jobs');
  const crew = ratios(report, 'list_crew');
  const burst = find(report, /^\| burst 1 after [^|]+\| (\d+) \| \d+ \| \d+ \| (\d+) \|/m, 'token burst row');
  const pages = find(report, /^#### perPage (\d+): (\d+) crew in (\d+) pages/m, 'pagination section');
  const allPages = find(
    report,
    /^\| list_crew allPages \(one MCP call, stdio\)(?: \|[^|\n]*){5} \| ([\d.]+x) \|/m,
    'allPages row',
  );
  return [
    `- the whole default tool list (${list[1]} tools) costs ${list[2]} tokens as a model sees it, ${list[3]}`,
    '  per tool (published figures for other servers: 300 to 600 per tool);',
    `- ${jobs.data} read as ${jobs.text} the tokens of the raw GraphQL answer (${jobs.both} with`,
    `  structuredContent), ${crew.data} as ${crew.text} (${crew.both}); no result exceeds 20,000`,
    '  tokens (a test, not a measurement);',
    `- ${burst[1]} concurrent tool calls after the token expired make ${burst[2]} token request(s);`,
    `- fetching all ${pages[2]} seeded crew (${pages[3]} pages of ${pages[1]}) in one call is ${allPages[1]}`,
    '  faster than the same pages one after another when each platform request takes 50 ms;',
    ...speedLines(report),
    suiteLine(report),
  ].join('\n');
}

/** The README with its figures block rewritten from the report. */
export function withFigures(readme: string, report: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start)
    throw new Error(`readme-figures: README.md lacks the ${START} ... ${END} block`);
  return `${readme.slice(0, start + START.length)}\n${headlines(report)}\n${readme.slice(end)}`;
}

/** Rewrite README.md from BENCHMARKS.md. */
export function writeReadmeFigures(): void {
  const readmePath = packagePath('README.md');
  const readme = readFileSync(readmePath, 'utf8');
  const updated = withFigures(readme, readFileSync(packagePath('BENCHMARKS.md'), 'utf8'));
  if (updated !== readme) writeFileSync(readmePath, updated);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writeReadmeFigures();
