// The context an assistant can attach or start from: resources (boards, a board's schedule, a
// job, a crew member, the schema, the MCP Apps views) and the prompts of prompts/. Registered together, because the
// prompts complete their job, board and crew arguments from the same cached catalog as the
// resource templates. Prompts are loaded when the app is created, so a malformed prompt file
// stops the server at start with the file's name, not at the first prompts/get.
// The surface follows the tool policy: a resource is served when the operator chose its toolset
// (a key's missing scope is explained when it is read); a prompt when every tool it names is listed (--toolsets jobs serves no
// crew profiles, and no prompt sends the assistant to a tool it does not have).
import type { McpServer } from '@modelcontextprotocol/server';
import type { Toolset } from '../config.js';
import type { Logger } from '../logger.js';
import type { Lookups } from '../lookups/index.js';
import { JobIndex } from '../lookups/job-index.js';
import { JobLookup } from '../lookups/jobs.js';
import type { ViewDomains } from '../mcp/app-views.js';
import type { Platform } from '../platform/client.js';
import { completeTimeZone } from '../prompts/complete-time-zone.js';
import { loadPrompts, type PromptSpec } from '../prompts/loader.js';
import { promptRegistrar } from '../prompts/register.js';
import { registerBoards } from './boards.js';
import { Catalog } from './catalog.js';
import { orEmpty, type ResourceDeps } from './context.js';
import { registerCrew } from './crew.js';
import { registerJob } from './job.js';
import { registerSchedule } from './schedule.js';
import { registerSchema } from './schema.js';
import { registerViews } from './views.js';

export interface ResourcesOptions {
  /** The clock that "today" and "the coming days" follow; tests pin it to the sandbox's today. */
  now?: () => Date;
  /** How long the job index behind boards and completions is reused (without `lookups`). */
  cacheTtlMs?: number;
  /**
   * The company's lookups (the app's, or a connector company's): the resources read the same job
   * index and jobs as the tools, so one invalidation reaches both. Default: lookups of their own.
   */
  lookups?: Pick<Lookups, 'jobs' | 'jobIndex'>;
  /** Directory of the prompt files; default the package's prompts/. */
  promptsDir?: string;
}

/** What the tool policy allows of the surface (src/app.ts derives it from the tool selection). */
export interface SurfacePolicy {
  /** A resource of this toolset may be served (its toolset is in use). */
  allows(toolset: Toolset): boolean;
  /** Tools listed to clients. */
  listedTools: readonly string[];
  /** Every tool name, listed or not: a prompt naming one that is not listed is not served. */
  knownTools: readonly string[];
  /** The views' sandbox domain per host (`_meta.ui.domain`); absent: left unset. */
  viewDomains?: ViewDomains;
}

const SERVE_EVERYTHING: SurfacePolicy = { allows: () => true, listedTools: [], knownTools: [] };

/** The tools a prompt's text sends the assistant to. */
export function toolsNamedBy(spec: PromptSpec, knownTools: readonly string[]): string[] {
  const text = `${spec.description}\n${spec.body}`;
  return knownTools.filter((name) => new RegExp(`\\b${name}\\b`).test(text));
}

/** Resources and prompts, ready to register on each server instance. */
export interface ContextSurface {
  register(server: McpServer): void;
}

export function createContextSurface(
  platform: Platform,
  logger: Logger,
  options: ResourcesOptions = {},
  policy: SurfacePolicy = SERVE_EVERYTHING,
): ContextSurface {
  const now = options.now ?? (() => new Date());
  const index =
    options.lookups?.jobIndex ?? new JobIndex(platform, { ttlMs: options.cacheTtlMs, now: () => +now() });
  const catalog = new Catalog({ platform, now, index });
  const prompts = loadPrompts(options.promptsDir).filter((spec) =>
    toolsNamedBy(spec, policy.knownTools).every((name) => policy.listedTools.includes(name)),
  );
  const deps: ResourceDeps = {
    platform,
    catalog,
    jobs: options.lookups?.jobs ?? new JobLookup(platform),
    logger,
  };
  const completers = {
    board: (value: string) => orEmpty(logger, 'board completion', () => catalog.completeBoardId(value)),
    job: (value: string) => orEmpty(logger, 'job completion', () => catalog.completeJobId(value)),
    crew: (value: string) => orEmpty(logger, 'crew completion', () => catalog.completeCrewId(value)),
    timezone: completeTimeZone,
  };
  const registerPrompts = promptRegistrar(prompts, completers);
  const jobs = policy.allows('jobs');
  return {
    register(server) {
      if (jobs) {
        registerBoards(server, deps);
        registerSchedule(server, deps);
        registerJob(server, deps);
      }
      if (policy.allows('crew')) registerCrew(server, deps);
      if (policy.allows('schema')) registerSchema(server, deps);
      registerViews(server, policy.allows, policy.viewDomains);
      if (prompts.length > 0) registerPrompts(server);
    },
  };
}
