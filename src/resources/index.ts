// The context an assistant can attach or start from: resources (boards, a board's schedule, a
// job, a crew member, the schema) and the prompts of prompts/. Registered together, because the
// prompts complete their job, board and crew arguments from the same cached catalog as the
// resource templates. Prompts are loaded when the app is created, so a malformed prompt file
// stops the server at start with the file's name, not at the first prompts/get.
import type { McpServer } from '@modelcontextprotocol/server';
import type { Logger } from '../logger.js';
import type { Platform } from '../platform/client.js';
import { loadPrompts } from '../prompts/loader.js';
import { registerPrompts } from '../prompts/register.js';
import { registerBoards } from './boards.js';
import { Catalog } from './catalog.js';
import { orEmpty, type ResourceDeps } from './context.js';
import { registerCrew } from './crew.js';
import { registerJob } from './job.js';
import { registerSchedule } from './schedule.js';
import { registerSchema } from './schema.js';

export interface ResourcesOptions {
  /** The clock that "today" and "the coming days" follow; tests pin it to the sandbox's today. */
  now?: () => Date;
  /** How long the job index behind boards and completions is reused. */
  cacheTtlMs?: number;
  /** Directory of the prompt files; default the package's prompts/. */
  promptsDir?: string;
}

/** Resources and prompts, ready to register on each server instance. */
export interface ContextSurface {
  register(server: McpServer): void;
}

export function createContextSurface(
  platform: Platform,
  logger: Logger,
  options: ResourcesOptions = {},
): ContextSurface {
  const catalog = new Catalog({
    platform,
    logger,
    now: options.now ?? (() => new Date()),
    ttlMs: options.cacheTtlMs,
  });
  const prompts = loadPrompts(options.promptsDir);
  const deps: ResourceDeps = { platform, catalog, logger };
  const completers = {
    board: (value: string) => orEmpty(logger, 'board completion', () => catalog.completeBoardId(value)),
    job: (value: string) => orEmpty(logger, 'job completion', () => catalog.completeJobId(value)),
    crew: (value: string) => orEmpty(logger, 'crew completion', () => catalog.completeCrewId(value)),
  };
  return {
    register(server) {
      registerBoards(server, deps);
      registerSchedule(server, deps);
      registerJob(server, deps);
      registerCrew(server, deps);
      registerSchema(server, deps);
      registerPrompts(server, prompts, completers);
    },
  };
}
