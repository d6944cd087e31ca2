// crew_job.updated end to end through crew-mcp: an in-process HTTP server subscribes itself at
// start, the sandbox plays the platform's own apps (POST /_sandbox/crew-jobs/{id}: a crew member
// checks in), the signed webhook reaches the server's receiver, and list_events shows it.
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { silentLogger } from '../../src/logger.js';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { startHttp } from '../../src/transports/http.js';
import { connectHttp, textOf } from '../helpers/mcp.js';
import { gql, type Json, rest, startTestSandbox } from '../helpers/sandbox.js';
import { until } from '../helpers/until.js';

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});

afterAll(() => sandbox?.close());

async function crewJobEvents(client: Client): Promise<Json[]> {
  const result = await client.callTool({ name: 'list_events', arguments: { types: ['crew_job'] } });
  expect(result.isError, textOf(result)).toBeFalsy();
  return (result.structuredContent as Json).events;
}

describe('crew_job.updated through crew-mcp (HTTP transport, in process)', () => {
  it('a crew job changed by the platform apps shows in list_events with types crew_job', async () => {
    const app = await createApp(loadConfig(['http', '--port', '0'], {}), {
      transport: 'http',
      logger: silentLogger,
      sandbox,
    });
    const http = await startHttp(app);
    const client = await connectHttp(http.mcpUrl);
    try {
      const subscriptions = (await rest(sandbox, 'GET', '/rest/webhooks')).body.webhooks;
      expect(subscriptions).toEqual([
        expect.objectContaining({
          url: `${http.url}/webhooks`,
          events: expect.arrayContaining(['crew_job.updated']),
        }),
      ]);
      expect(await crewJobEvents(client)).toEqual([]);

      const listed = await gql(
        sandbox,
        '{ companyCrewJobs(input: { perPage: 50 }) { paginatedList { id attendance } } }',
      );
      const target = listed.body.data.companyCrewJobs.paginatedList.find(
        (cj: Json) => cj.attendance !== 'CHECKED_IN',
      );
      const changed = await rest(sandbox, 'POST', `/_sandbox/crew-jobs/${target.id}`, {
        json: { status: 'BOOKED', attendance: 'CHECKED_IN' },
      });
      expect(changed.status).toBe(200);

      const [event] = await until(async () => {
        const events = await crewJobEvents(client);
        return events.length > 0 ? events : undefined;
      });
      expect(event).toEqual({
        id: expect.stringMatching(/^evt_/),
        type: 'crew_job.updated',
        createdAt: expect.any(String),
        // The platform's body, with its numeric ids as strings (ids are strings in every answer).
        data: Object.fromEntries(
          Object.entries(changed.body as Json).map(([key, value]) => [
            key,
            typeof value === 'number' && /(^id$|Id$)/.test(key) ? String(value) : value,
          ]),
        ),
      });
      expect(event.data).toMatchObject({ id: target.id, status: 'BOOKED', attendance: 'CHECKED_IN' });
      // A job family filter does not take crew_job events for its own.
      const jobs = await client.callTool({ name: 'list_events', arguments: { types: ['job'] } });
      expect(textOf(jobs)).toMatch(/No events match/);
    } finally {
      await client.close();
      await http.close();
      await app.close();
    }
    expect((await rest(sandbox, 'GET', '/rest/webhooks')).body.webhooks).toEqual([]);
  });
});
