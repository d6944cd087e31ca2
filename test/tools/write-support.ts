import type { ApiKey, RunningSandbox } from '../../src/sandbox/types.js';
import { type CallResult, type Connected, callTool, connectInProcess } from '../helpers/mcp.js';
import { gql, startTestSandbox } from '../helpers/sandbox.js';

// biome-ignore lint/suspicious/noExplicitAny: tests read structured results loosely
export type Any = any;

export type { CallResult };
export { callTool };

/** An extra sandbox API key with only the given scopes. */
export function key(clientId: string, scopes: string[]): ApiKey {
  return { clientId, clientSecret: `${clientId}-secret`, scopes, companyId: 'company-1' };
}

export async function startWriteSandbox(extraKeys: ApiKey[] = []): Promise<RunningSandbox> {
  return startTestSandbox({
    keys: [
      key('jobs-only', ['jobs:read', 'jobs:write']),
      key('jobs-write-only', ['jobs:write']),
      key('crew-write-only', ['crew:write']),
      ...extraKeys,
    ],
  });
}

export async function connect(
  sandbox: RunningSandbox,
  args: string[] = [],
  capabilities?: Record<string, unknown>,
): Promise<Connected & { call(name: string, args: Record<string, unknown>): Promise<CallResult> }> {
  const connected = await connectInProcess(sandbox, args, capabilities ? { capabilities } : {});
  return { ...connected, call: (name, toolArgs) => callTool(connected.client, name, toolArgs) };
}

/** Requests by operation since the last resetStats, e.g. { createJobs: 1 }. */
export function operations(sandbox: RunningSandbox): Record<string, number> {
  return { ...sandbox.stats.graphqlByOperation };
}

const JOBS = `query($input: CompanyJobsInput) { companyJobs(input: $input) { paginatedList {
  id title date timezone multiDayJobId board { id name timezone }
  roles { id title startTime endTime payType payRate breakPeriod total createdAt }
} pager { pageCount } } }`;

export async function allJobs(sandbox: RunningSandbox, filter: Record<string, unknown> = {}): Promise<Any[]> {
  const jobs: Any[] = [];
  for (let page = 1; ; page++) {
    const { body } = await gql(sandbox, JOBS, { input: { filter, page, perPage: 100 } });
    jobs.push(...body.data.companyJobs.paginatedList);
    if (page >= body.data.companyJobs.pager.pageCount) return jobs;
  }
}

/** Board id by IANA zone, from the seeded jobs. */
export async function boardsByZone(sandbox: RunningSandbox): Promise<Record<string, string>> {
  const boards: Record<string, string> = {};
  for (const job of await allJobs(sandbox)) boards[job.board.timezone] = job.board.id;
  return boards;
}

/**
 * A seeded job (not multi-day) with an HOURLY role created before 2026-09-21 that reports
 * breakPeriod 0 while its total is below the no-break total: the hidden break of §4.4 rule 7.
 */
export async function findLegacyRole(
  sandbox: RunningSandbox,
  skip: string[] = [],
): Promise<{ job: Any; role: Any }> {
  for (const job of await allJobs(sandbox)) {
    if (job.multiDayJobId || skip.includes(job.id)) continue;
    for (const role of job.roles) {
      const hours = (Date.parse(role.endTime) - Date.parse(role.startTime)) / 3_600_000;
      const noBreak = Math.round(role.payRate * hours * 100) / 100;
      if (
        role.payType === 'HOURLY' &&
        role.breakPeriod === 0 &&
        role.createdAt < '2026-09-21' &&
        role.payRate > 0 &&
        role.total < noBreak - 0.01
      )
        return { job, role };
    }
  }
  throw new Error('the seed has no legacy-break role');
}
