// Every tool, one failure table: when the platform answers 503 to everything, each tool that
// reaches it returns an isError result a model can act on (never a crash, a stack or a token),
// tools that need no platform keep working, and every tool refuses an unknown input field.
import { describe, expect, it } from 'vitest';
import { allTools } from '../../tools/index.js';
import { useConnectedSandbox } from '../helpers/connected-sandbox.js';
import { callTool } from '../helpers/mcp.js';
import { requestsDuring } from '../helpers/sandbox.js';
import { reads } from '../helpers/tool-requests.js';

/** Valid arguments for every tool (the registry test below keeps this table complete). */
const VALID_ARGS: Record<string, Record<string, unknown>> = {
  list_jobs: {},
  list_crew: {},
  list_crew_jobs: {},
  list_leavers: {},
  get_crew: { crewId: 1 },
  list_crew_files: { crewId: 1 },
  get_crew_file: { fileId: 'file-1' },
  upload_crew_file: { crewId: 1, contentBase64: Buffer.from('hello').toString('base64'), name: 'note.txt' },
  list_events: {},
  list_webhooks: {},
  create_webhook: { url: 'https://hooks.example.com/crew', events: ['job.created'] },
  delete_webhook: { id: 'wh-1' },
  create_jobs: {
    jobs: [
      {
        boardId: '100',
        title: 'Gala',
        date: '2027-01-15',
        timezone: 'Europe/London',
        roles: [
          { title: 'Bartender', startTime: '2027-01-15T18:00', endTime: '2027-01-15T23:00', payRate: 12 },
        ],
      },
    ],
  },
  update_jobs: { jobs: [{ id: '1', title: 'Renamed' }] },
  create_crew: { crew: [{ firstName: 'Ada', lastName: 'Lovelace', email: 'ada.failures@example.com' }] },
  update_crew: { crewId: 1, update: { phone: '+44 20 7946 0001' } },
  update_profile_data_types: { profileId: '1', dataTypes: [{ id: '1', title: 'Renamed' }] },
  describe_schema: { names: ['createJobs'] },
  find_matching_crew: { jobId: '100', roleId: '101' },
  find_open_roles: { from: '2026-11-28', to: '2026-11-29' },
  review_crew_schedule: { from: '2026-11-16', to: '2026-11-22' },
  plan_staffing: { jobIds: ['100'] },
  plan_staffing_page: { planId: 'plan-0000000000', offset: 0, limit: 50 },
  graphql_query: { query: '{ companyJobs { pager { totalCount } } }' },
};

/** Valid arguments with boardIds for every tool that takes them (a board id or name each). */
const BOARD_ARGS: Record<string, Record<string, unknown>> = {
  list_jobs: {},
  find_open_roles: { from: '2026-11-28' },
  review_crew_schedule: { from: '2026-11-16', to: '2026-11-22' },
  plan_staffing: { from: '2026-11-28' },
};

/** Tools that never call the platform: they must keep working while it is down. */
const OFFLINE_TOOLS = ['describe_schema', 'list_events'];
/**
 * Tools that read only the kept plans: while the platform is down a plan id they do not hold is
 * refused as such (the plan, not the platform), never as a platform fault.
 */
const KEPT_PLAN_TOOLS = ['plan_staffing_page'];

const suite = useConnectedSandbox();

describe('failure table', () => {
  it('has valid arguments for every registered tool', () => {
    expect(Object.keys(VALID_ARGS).sort()).toEqual(allTools.map((tool) => tool.name).sort());
  });

  it('every tool refuses an unknown field, naming it, and sends nothing', async () => {
    suite.sandbox.resetStats();
    const results = await Promise.all(
      allTools.map(async (tool) => ({
        name: tool.name,
        result: await callTool(suite.connected.client, tool.name, {
          ...VALID_ARGS[tool.name],
          bogusField: 1,
        }),
      })),
    );
    for (const { name, result } of results) {
      expect(result.isError, name).toBe(true);
      expect(result.text, name).toMatch(/Unknown field "bogusField"/);
    }
    expect(suite.sandbox.stats.graphqlRequests + suite.sandbox.stats.restRequests).toBe(0);
  });

  it('every tool taking boardIds refuses a name that several boards or none match, reading only the boards', async () => {
    const taking = allTools.filter((tool) => 'boardIds' in tool.inputSchema.shape).map((tool) => tool.name);
    expect(taking.sort()).toEqual(Object.keys(BOARD_ARGS).sort());
    const { result: results, sent } = await requestsDuring(suite.sandbox, () =>
      Promise.all(
        taking.map(async (name) => ({
          name,
          result: await callTool(suite.connected.client, name, {
            ...BOARD_ARGS[name],
            boardIds: ['Sydney Harbour', 'on', 'Atlantis'],
          }),
        })),
      ),
    );
    for (const { name, result } of results) {
      expect(result.isError, name).toBe(true);
      expect(result.text, name).toMatch(
        /boardIds\[1\]: "on" matches 2 boards: London Events \(\d+\), Mumbai Conferences/,
      );
      expect(result.text, name).toMatch(/boardIds\[2\]: no board named "Atlantis"; nearest: /);
      expect(result.text, name).not.toMatch(/boardIds\[0\]/);
    }
    // Only the light job index the boards are seen in: no filter by board, no roles, no crew.
    expect(sent.length).toBeGreaterThan(0);
    // Read by read: the tools' reads of one moment go together, as aliased reads of one request.
    for (const request of reads(sent))
      expect(request).toMatchObject({
        kind: 'graphql',
        operation: 'companyJobs',
        variables: { input: { filter: { fromRange: expect.any(String), toRange: expect.any(String) } } },
      });
    expect(sent.filter((request) => JSON.stringify(request).includes('boardIds'))).toEqual([]);
    const filters = reads(sent).map((request) =>
      request.kind === 'graphql'
        ? JSON.stringify((request.variables as { input: { filter: unknown } }).input.filter)
        : '',
    );
    expect(new Set(filters).size, 'one window: the boards, no tool range').toBe(1);
  });

  it('every tool answers a failing platform with a clear error; offline tools keep working', async () => {
    suite.sandbox.setFaults({ errorRate: 1 });
    try {
      const results = await Promise.all(
        allTools.map(async (tool) => ({
          name: tool.name,
          result: await callTool(suite.connected.client, tool.name, VALID_ARGS[tool.name] ?? {}),
        })),
      );
      for (const { name, result } of results) {
        if (OFFLINE_TOOLS.includes(name)) {
          expect(result.isError, `${name}: ${result.text}`).toBe(false);
          continue;
        }
        if (KEPT_PLAN_TOOLS.includes(name)) {
          expect(result.isError, `${name}: ${result.text}`).toBe(true);
          expect(result.text, name).toMatch(/No kept plan plan-0000000000/);
          continue;
        }
        expect(result.isError, `${name}: ${result.text}`).toBe(true);
        expect(result.text, name).toMatch(/HTTP 503|outcome|unknown whether|server fault/i);
        expect(result.text, name).not.toMatch(/\n\s+at \S+ \(|eyJ[\w-]+\./);
      }
    } finally {
      suite.sandbox.setFaults({ errorRate: 0 });
    }
  });
});
