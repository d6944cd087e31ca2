// Markdown building blocks of BENCHMARKS.md, and the shared context every section runs in.
import { relative } from 'node:path';
import { packageRoot } from '../../src/paths.js';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import type { Summary } from './stats.js';

/** A build of crew-mcp whose CLI a section spawns. */
export interface Build {
  /** "this change", or "baseline <revision>". */
  label: string;
  /** Its built CLI. */
  cli: string;
}

/** A limit that does not depend on the machine's speed: tokens, request counts. */
export interface BudgetCheck {
  /** What was counted, e.g. "tool list (model-visible, o200k)". */
  what: string;
  actual: number;
  limit: number;
  unit: string;
}

export interface BenchContext {
  /** The sandbox started in the benchmark process: every section's upstream. */
  sandbox: RunningSandbox;
  /** The command line that produced this run, for the report. */
  command: string;
  /** `--quick`: fewer and shorter runs, for CI; every budget is checked all the same. */
  quick: boolean;
  /** The builds whose CLI the comparing sections run: this one first, then the baseline (`--baseline=<dir>`). */
  builds: Build[];
  /** Print progress on stderr (stdout stays clean). */
  log(message: string): void;
  /** Check a budget; the run reports every check and exits 1 when one is exceeded. */
  budget(check: BudgetCheck): void;
}

export interface Section {
  id: string;
  title: string;
  run(ctx: BenchContext): Promise<string>;
}

export function table(headers: string[], rows: (string | number)[][]): string {
  // A pipe inside a cell (e.g. a regex in a schema) would end the cell: GFM reads \| as a literal pipe.
  const line = (cells: (string | number)[]) =>
    `| ${cells.map((cell) => String(cell).replaceAll('|', '\\|')).join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Milliseconds with a precision that suits their size. */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);
}

export function ratio(value: number): string {
  return Number.isFinite(value) ? `${value.toFixed(2)}x` : 'n/a';
}

export function int(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/** "median (p95, min-max, IQR)" columns of a timing summary. */
export function timingCells(summary: Summary): string[] {
  return [
    ms(summary.median),
    ms(summary.p95),
    `${ms(summary.min)}–${ms(summary.max)}`,
    ms(summary.iqr),
    String(summary.n),
  ];
}

export const TIMING_HEADERS = ['median ms', 'p95 ms', 'min–max ms', 'IQR ms', 'n'];

/** A fenced block of the exact calls behind a figure. */
export function commands(lines: string[]): string {
  return ['```', ...lines, '```'].join('\n');
}

/** A file path as the report shows it: relative to this package when inside it. */
export function shownPath(path: string): string {
  const inside = relative(packageRoot, path);
  return inside.startsWith('..') ? path : inside;
}
