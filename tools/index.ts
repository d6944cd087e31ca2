// The single registry of tools. Order here does not matter: the server lists tools sorted by name.
import type { ToolDefinition } from '../src/tooling/define-tool.js';
import { getCrew } from './get-crew.js';
import { listCrew } from './list-crew.js';
import { listCrewJobs } from './list-crew-jobs.js';
import { listJobs } from './list-jobs.js';
import { listLeavers } from './list-leavers.js';

export const tools: Record<string, ToolDefinition> = {
  list_jobs: listJobs,
  list_crew_jobs: listCrewJobs,
  list_crew: listCrew,
  get_crew: getCrew,
  list_leavers: listLeavers,
} as Record<string, ToolDefinition>;

export const allTools: ToolDefinition[] = Object.values(tools);
