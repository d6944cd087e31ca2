// Shared by the write tools' tests: a sandbox with extra API keys of fewer scopes, clients
// connected as any of them, and finders for seeded jobs (a legacy-break role, boards by zone).
import type { ApiKey, RunningSandbox } from '../../src/sandbox/types.js';
import { useConnectedSandbox } from '../helpers/connected-sandbox.js';
import { type CallResult, type Connected, callTool, connectInProcess } from '../helpers/mcp.js';
import { gql } from '../helpers/sandbox.js';
import { type SeenCall, seeing } from '../helpers/sent.js';

// biome-ignore lint/suspicious/noExplicitAny: tests read structured results loosely
export type Any = any;

export type { CallResult, SeenCall };
export { callTool };

/** An extra sandbox API key with only the given scopes. */
export function key(clientId: string, scopes: string[]): ApiKey {
  return { clientId, clientSecret: `${clientId}-secret`, scopes, companyId: 'company-1' };
}

/** Keys that lack a read scope, so a check's facts cannot be read. */
export const WRITE_KEYS: ApiKey[] = [
  key('jobs-only', ['jobs:read', 'jobs:write']),
  key('jobs-write-only', ['jobs:write']),
  key('crew-write-only', ['crew:write']),
];

export interface WriteSuite {
  readonly sandbox: RunningSandbox;
  /** Call as demo-admin and see what reached the sandbox. */
  see(name: string, args?: Record<string, unknown>): Promise<SeenCall>;
  /** A new client (its own lookups and caches) as `sandboxKey`; close it after use. */
  connectAs(sandboxKey?: string, capabilities?: Record<string, unknown>): Promise<Client>;
}

export interface Client extends Connected {
  call(name: string, args?: Record<string, unknown>): Promise<CallResult>;
  see(name: string, args?: Record<string, unknown>): Promise<SeenCall>;
}

/** A test sandbox with WRITE_KEYS and a demo-admin client for the whole file. */
export function useWriteSandbox(): WriteSuite {
  const suite = useConnectedSandbox([], { keys: WRITE_KEYS });
  return {
    get sandbox() {
      return suite.sandbox;
    },
    see: (name, args = {}) => seeing(suite.sandbox, () => suite.call(name, args)),
    connectAs: (sandboxKey = 'demo-admin', capabilities) =>
      connect(suite.sandbox, ['--sandbox-key', sandboxKey], capabilities),
  };
}

export async function connect(
  sandbox: RunningSandbox,
  args: string[] = [],
  capabilities?: Record<string, unknown>,
): Promise<Client> {
  const connected = await connectInProcess(sandbox, args, capabilities ? { capabilities } : {});
  const call = (name: string, toolArgs: Record<string, unknown> = {}) =>
    callTool(connected.client, name, toolArgs);
  return { ...connected, call, see: (name, toolArgs) => seeing(sandbox, () => call(name, toolArgs)) };
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

/** One job as the platform has it now. */
export async function storedJob(sandbox: RunningSandbox, jobId: string): Promise<Any> {
  const [job] = await allJobs(sandbox, { jobIds: [jobId] });
  return job;
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
  multiDay = false,
): Promise<{ job: Any; role: Any; noBreak: number }> {
  for (const job of await allJobs(sandbox)) {
    if (Boolean(job.multiDayJobId) !== multiDay || skip.includes(job.id)) continue;
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
        return { job, role, noBreak };
    }
  }
  throw new Error('the seed has no legacy-break role');
}

export const money = (amount: number) => amount.toFixed(2);

/** The tool as a client with `sandboxKey` sees it in tools/list; undefined when it is not listed. */
export async function listedAs(suite: WriteSuite, sandboxKey: string, name: string): Promise<Any> {
  const client = await suite.connectAs(sandboxKey);
  try {
    return (await client.client.listTools()).tools.find((tool) => tool.name === name);
  } finally {
    await client.close();
  }
}

/** A createJobs job with one Bartender role, 18:00-23:00 London on 2027-01-15; `over` and `role` override. */
export function oneRoleJob(
  boardId: string,
  over: Record<string, unknown> = {},
  role: Record<string, unknown> = {},
): Any {
  return {
    boardId,
    title: 'Write test gala',
    date: '2027-01-15',
    timezone: 'Europe/London',
    roles: [
      {
        title: 'Bartender',
        startTime: '2027-01-15T18:00',
        endTime: '2027-01-15T23:00',
        payRate: 12,
        ...role,
      },
    ],
    ...over,
  };
}

/** Requests by operation since the last resetStats, e.g. { createJobs: 1 }. */
export function operations(sandbox: RunningSandbox): Record<string, number> {
  return { ...sandbox.stats.graphqlByOperation };
}
