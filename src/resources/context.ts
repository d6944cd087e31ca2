// What each resource file gets to do its work, and the small helpers they share.
import type { ReadResourceResult, Variables } from '@modelcontextprotocol/server';
import type { Logger } from '../logger.js';
import type { JobLookup } from '../lookups/jobs.js';
import type { Platform } from '../platform/client.js';
import { describeError } from '../platform/network-cause.js';
import type { Catalog } from './catalog.js';

export interface ResourceDeps {
  platform: Platform;
  catalog: Catalog;
  /** The jobs lookup (a board's week of jobs), the tools' own when the app gives it. */
  jobs: JobLookup;
  logger: Logger;
}

export const MARKDOWN = 'text/markdown';

export function markdown(uri: string, text: string): ReadResourceResult {
  return { contents: [{ uri, mimeType: MARKDOWN, text }] };
}

/** One URI template variable as a string (a template variable may match a list). */
export function variable(variables: Variables, name: string): string {
  const value = variables[name];
  return decodeURIComponent((Array.isArray(value) ? value[0] : value) ?? '');
}

/** A template's list or completion must not fail resources/list or a completion request as a whole. */
export async function orEmpty<T>(logger: Logger, what: string, run: () => Promise<T[]>): Promise<T[]> {
  try {
    return await run();
  } catch (error) {
    logger.warn({ what, reason: describeError(error) }, 'listing skipped');
    return [];
  }
}
