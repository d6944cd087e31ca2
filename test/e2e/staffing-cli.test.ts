// Staffing through the product's entry points: `crew-mcp sandbox --crew N` as a user starts it,
// and the built CLI over stdio (live credentials pointing at that sandbox) answering "what is
// still open?" and "who can work it?" through a real MCP client, the ranking checked against the
// sandbox's raw crew jobs read over its GraphQL API.
import { type ChildProcess, spawn } from 'node:child_process';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { CLI, callTool, spawnStdio } from '../helpers/mcp.js';
import { gqlEveryPage, type Json } from '../helpers/sandbox.js';

const CREW = 300;
let sandboxProcess: ChildProcess;
let baseUrl: string;
let client: Client;
let close: () => Promise<void>;

beforeAll(async () => {
  sandboxProcess = spawn(process.execPath, [CLI, 'sandbox', '--port', '0', '--crew', String(CREW)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`sandbox did not start: ${stdout}`)), 20_000);
    sandboxProcess.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /base URL:\s+(\S+)/.exec(stdout);
      if (match && stdout.includes('Press Ctrl+C')) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    sandboxProcess.on('exit', () => reject(new Error(`sandbox exited early: ${stdout}`)));
  });
  ({ client, close } = await spawnStdio([], {
    CREW_CLIENT_ID: 'demo-admin',
    CREW_CLIENT_SECRET: 'demo-admin-secret',
    CREW_AUTH_URL: baseUrl,
    CREW_REALM: 'sandbox',
    CREW_API_URL: baseUrl,
  }));
});

afterAll(async () => {
  await close?.();
  if (sandboxProcess && sandboxProcess.exitCode === null) {
    const exited = new Promise((resolve) => sandboxProcess.once('exit', resolve));
    sandboxProcess.kill('SIGTERM');
    await exited;
  }
});

describe('staffing over stdio against `crew-mcp sandbox --crew 300`', () => {
  it('lists open roles for the coming week, then finds crew for the first one among all 300', async () => {
    const open = await callTool(client, 'find_open_roles', {});
    expect(open.isError, open.text).toBe(false);
    expect(open.data.roles.length).toBeGreaterThan(0);
    const role = open.data.roles[0];

    const found = await callTool(client, 'find_matching_crew', { jobId: role.jobId, roleId: role.roleId });
    expect(found.isError, found.text).toBe(false);
    expect(found.data.role).toMatchObject({ jobId: role.jobId, roleId: role.roleId, open: role.open });
    // Every ACTIVE or APPROVED member of the 300 was considered, the generated ones too.
    const listed = await callTool(client, 'list_crew', { status: ['ACTIVE', 'APPROVED'], perPage: 1 });
    expect(found.data.considered).toBe(listed.data.page.totalCount);
    const all = await callTool(client, 'list_crew', { perPage: 1 });
    expect(all.data.page.totalCount).toBe(CREW);
    expect(found.text).toMatch(new RegExp(`^Role ${role.roleId} `));
  });

  it('ranks who applied, was invited or shortlisted for a role first, then fewer hours that week, not by name', async () => {
    // Raw platform data, not through the server: every role's crew jobs, read with the same key.
    const raw = {
      baseUrl,
      tokenUrl: `${baseUrl}/realms/sandbox/protocol/openid-connect/token`,
      keys: [{ clientId: 'demo-admin', clientSecret: 'demo-admin-secret' }],
    };
    const jobs = await gqlEveryPage(
      raw as unknown as RunningSandbox,
      'companyJobs',
      'id roles { id quantity crewJobs { crewId status } }',
    );
    const roles = jobs.flatMap((job: Json) =>
      job.roles.map((role: Json) => ({ jobId: job.id, roleId: role.id, crewJobs: role.crewJobs })),
    );
    const wanting = roles.filter((role) =>
      role.crewJobs.some((cj: Json) => ['APPLIED', 'INVITED', 'SHORTLISTED'].includes(cj.status)),
    );
    let checked = 0;
    for (const role of wanting.slice(0, 12)) {
      const applied = new Set(
        role.crewJobs
          .filter((cj: Json) => ['APPLIED', 'INVITED', 'SHORTLISTED'].includes(cj.status))
          // Answers give ids as strings; the platform's crew jobs hold crew ids as numbers.
          .map((cj: Json) => String(cj.crewId)),
      );
      const found = await callTool(client, 'find_matching_crew', {
        ...role,
        crewJobs: undefined,
        limit: 100,
      });
      expect(found.isError, found.text).toBe(false);
      const matches = found.data.matches as Json[];
      const firstOther = matches.findIndex((match) => !applied.has(match.crewId));
      const lastApplied = matches.findLastIndex((match) => applied.has(match.crewId));
      if (lastApplied === -1 || firstOther === -1) continue;
      // Every applicant who matches comes before everyone else, and says why.
      expect(lastApplied, found.text).toBeLessThan(firstOther);
      for (const match of matches.slice(0, firstOther))
        expect(match.reason).toMatch(/^(applied|invited|shortlisted) here/);
      const rest = matches.slice(firstOther).filter((match) => !match.pending && !match.thisRole);
      const hours = rest.map((match) => match.bookedHoursInWeek);
      expect(hours).toEqual([...hours].sort((a, b) => a - b));
      const names = matches.map((match) => match.name);
      expect(names).not.toEqual([...names].sort());
      checked++;
    }
    expect(checked).toBeGreaterThan(2);
  });
});
