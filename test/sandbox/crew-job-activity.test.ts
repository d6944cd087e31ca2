// POST /_sandbox/crew-jobs/{id}: the sandbox plays the platform's own apps (a crew member is
// booked, checks in), so crew_job.updated exists end to end: the change shows in companyCrewJobs,
// reaches a subscribed webhook receiver signed, and bad input changes nothing.
import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeRunningSandbox } from '../../src/sandbox/command.js';
import type { PlatformEvent, RunningSandbox } from '../../src/sandbox/types.js';
import { fetchToken, gql, type Json, readJson, rest, startTestSandbox } from '../helpers/sandbox.js';
import { type Receiver, startReceiver } from '../helpers/webhook-receiver.js';

const CREW_JOB_FIELDS = 'id status attendance updatedAt crew { id } role { id } job { id }';

let sb: RunningSandbox;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  sb = await startTestSandbox({
    webhookRetryBaseMs: 50,
    keys: [
      {
        clientId: 'other-company',
        clientSecret: 'other-company-secret',
        scopes: ['jobs:read', 'jobs:write'],
        companyId: 'company-elsewhere',
      },
    ],
  });
});
afterAll(() => sb?.close());
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A test receiver closed after each test. */
async function receiverFor(statusFor?: (n: number) => number | 'hang'): Promise<Receiver> {
  const receiver = await startReceiver(statusFor);
  cleanups.push(() => receiver.close());
  return receiver;
}

/** Seeded crew jobs of company-1, as companyCrewJobs lists them. */
async function crewJobs(ids?: string[]): Promise<Json[]> {
  const answer = await gql(
    sb,
    `query($ids: [ID!]) { companyCrewJobs(input: { perPage: 100, filter: { crewJobIds: $ids } }) { paginatedList { ${CREW_JOB_FIELDS} } } }`,
    { ids },
  );
  expect(answer.body.errors).toBeUndefined();
  return answer.body.data.companyCrewJobs.paginatedList;
}

/** A seeded crew job whose status and attendance are not the given ones. */
async function crewJobOtherThan(status: string, attendance: string): Promise<Json> {
  const found = (await crewJobs()).find((cj) => cj.status !== status && cj.attendance !== attendance);
  if (!found) throw new Error(`The seed has no crew job other than ${status}/${attendance}.`);
  return found;
}

function change(id: string, json: unknown, opts: { clientId?: string; token?: string } = {}) {
  return rest(sb, 'POST', `/_sandbox/crew-jobs/${encodeURIComponent(id)}`, { ...opts, json });
}

/** Collect the data layer's events while `run` goes. */
async function eventsDuring(run: () => Promise<void>): Promise<PlatformEvent[]> {
  const events: PlatformEvent[] = [];
  const stop = sb.data.onEvent((event) => events.push(event));
  try {
    await run();
  } finally {
    stop();
  }
  return events;
}

describe('[sandbox] crew job activity: the change', () => {
  it('changes status and attendance, bumps updatedAt, and companyCrewJobs shows it', async () => {
    const before = await crewJobOtherThan('BOOKED', 'CHECKED_IN');
    const answer = await change(before.id, { status: 'BOOKED', attendance: 'CHECKED_IN' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: before.id,
      status: 'BOOKED',
      attendance: 'CHECKED_IN',
      crewId: before.crew.id,
      roleId: before.role.id,
      jobId: before.job.id,
      updatedAt: expect.any(String),
    });
    expect(Date.parse(answer.body.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
    const [after] = await crewJobs([before.id]);
    expect(after).toMatchObject({
      status: 'BOOKED',
      attendance: 'CHECKED_IN',
      updatedAt: answer.body.updatedAt,
    });
  });

  it('changes only the field it is given', async () => {
    const before = await crewJobOtherThan('CANCELLED', 'NO_SHOW');
    const answer = await change(before.id, { attendance: 'NO_SHOW' });
    expect(answer.status).toBe(200);
    const [after] = await crewJobs([before.id]);
    expect(after).toMatchObject({ status: before.status, attendance: 'NO_SHOW' });
  });

  it('publishes one crew_job.updated with the company and the crew job as GraphQL shows it', async () => {
    const before = await crewJobOtherThan('SHORTLISTED', 'CONFIRMED');
    let body: Json;
    const events = await eventsDuring(async () => {
      body = (await change(before.id, { status: 'SHORTLISTED' })).body;
    });
    expect(events).toEqual([
      {
        id: expect.stringMatching(/^evt_/),
        type: 'crew_job.updated',
        createdAt: expect.any(String),
        companyId: 'company-1',
        data: body,
      },
    ]);
  });

  it('the data layer offers the same change to in-process callers', async () => {
    const before = await crewJobOtherThan('WAITING_LIST', 'PENDING');
    const result = sb.data.updateCrewJob!('company-1', before.id, { status: 'WAITING_LIST' });
    expect(result).toMatchObject({ ok: true, crewJob: { id: before.id, status: 'WAITING_LIST' } });
    expect(sb.data.updateCrewJob!('company-elsewhere', before.id, { status: 'BOOKED' })).toMatchObject({
      ok: false,
      reason: 'not_found',
    });
  });
});

describe('[sandbox] crew job activity: webhooks', () => {
  it('a subscriber to crew_job.updated receives the change, signed', async () => {
    const receiver = await receiverFor();
    const created = await rest(sb, 'POST', '/rest/webhooks', {
      json: { url: receiver.url, events: ['crew_job.updated'], secret: 'activity-secret' },
    });
    expect(created.status).toBe(201);
    cleanups.push(async () => {
      await rest(sb, 'DELETE', `/rest/webhooks/${created.body.id}`);
    });

    const before = await crewJobOtherThan('DECLINED', 'PENDING');
    const answer = await change(before.id, { status: 'DECLINED' });
    expect(answer.status).toBe(200);
    await receiver.waitFor(1);
    expect(receiver.deliveries).toHaveLength(1);
    const [delivery] = receiver.deliveries;
    const body = JSON.parse(delivery!.rawBody);
    expect(body).toEqual({
      id: delivery!.headers['x-webhook-id'],
      type: 'crew_job.updated',
      createdAt: expect.any(String),
      data: answer.body,
    });
    const timestamp = delivery!.headers['x-webhook-timestamp'];
    const signature = createHmac('sha256', 'activity-secret')
      .update(`${timestamp}.${delivery!.rawBody}`)
      .digest('hex');
    expect(delivery!.headers['x-webhook-signature']).toBe(`v1=${signature}`);
  });
});

describe('[sandbox] crew job activity: refusals change nothing', () => {
  async function expectUnchanged(id: string, before: Json, run: () => Promise<void>): Promise<void> {
    const events = await eventsDuring(run);
    expect(events).toEqual([]);
    const [after] = await crewJobs([id]);
    expect(after).toEqual(before);
  }

  it('an unknown crew job is 404 JSON {message}', async () => {
    const answer = await change('no-such-crew-job', { status: 'BOOKED' });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: expect.stringContaining('no-such-crew-job') });
  });

  it("another company's crew job is unknown (404)", async () => {
    const before = await crewJobOtherThan('BOOKED', 'CHECKED_IN');
    await expectUnchanged(before.id, before, async () => {
      const answer = await change(before.id, { status: 'BOOKED' }, { clientId: 'other-company' });
      expect(answer.status).toBe(404);
    });
  });

  it('an invalid status is 400 naming the field and the allowed values', async () => {
    const before = await crewJobOtherThan('BOOKED', 'CHECKED_IN');
    await expectUnchanged(before.id, before, async () => {
      // The valid attendance is not written either: nothing changes unless everything is valid.
      const answer = await change(before.id, { status: 'HIRED', attendance: 'CHECKED_IN' });
      expect(answer.status).toBe(400);
      expect(answer.body.field).toBe('status');
      expect(answer.body.allowed).toEqual([
        'APPLIED',
        'INVITED',
        'SHORTLISTED',
        'BOOKED',
        'DECLINED',
        'CANCELLED',
        'REMOVED',
        'WAITING_LIST',
      ]);
      expect(answer.body.message).toMatch(
        /"status" must be one of: APPLIED, INVITED, .*WAITING_LIST; got "HIRED"/,
      );
    });
  });

  it('an invalid attendance (also a non-string) is 400 naming the field and the allowed values', async () => {
    const before = await crewJobOtherThan('BOOKED', 'CHECKED_IN');
    await expectUnchanged(before.id, before, async () => {
      for (const attendance of ['checked_in', 3, null]) {
        const answer = await change(before.id, { attendance });
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({
          field: 'attendance',
          allowed: ['PENDING', 'CONFIRMED', 'CHECKED_IN', 'CHECKED_OUT', 'NO_SHOW'],
        });
        expect(answer.body.message).toContain('"attendance" must be one of: PENDING, CONFIRMED');
      }
    });
  });

  it('an empty change, unknown fields, a non-object or non-JSON body are 400', async () => {
    const before = await crewJobOtherThan('BOOKED', 'CHECKED_IN');
    await expectUnchanged(before.id, before, async () => {
      const empty = await change(before.id, {});
      expect(empty.status).toBe(400);
      expect(empty.body.message).toMatch(/Give "status" .* and\/or "attendance"/);
      const unknown = await change(before.id, { status: 'BOOKED', crewId: 7 });
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toContain('Unknown fields: crewId');
      expect((await change(before.id, ['BOOKED'])).status).toBe(400);
      const notJson = await fetch(`${sb.baseUrl}/_sandbox/crew-jobs/${before.id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await fetchToken(sb)}`, 'content-type': 'application/json' },
        body: '{status:',
      });
      expect(notJson.status).toBe(400);
      expect(await readJson(notJson)).toEqual({ message: expect.any(String) });
    });
  });

  it('401 without a token or with an invalid one, as on /rest', async () => {
    const before = await crewJobOtherThan('BOOKED', 'CHECKED_IN');
    await expectUnchanged(before.id, before, async () => {
      const missing = await fetch(`${sb.baseUrl}/_sandbox/crew-jobs/${before.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'BOOKED' }),
      });
      expect(missing.status).toBe(401);
      expect(missing.headers.get('www-authenticate')).toBe('Bearer');
      expect(await readJson(missing)).toEqual({ message: 'JWT is missing' });
      const invalid = await change(before.id, { status: 'BOOKED' }, { token: 'not-a-jwt' });
      expect(invalid.status).toBe(401);
      expect(invalid.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    });
  });

  it('403 {message, requiredScope} with demo-readonly (no jobs:write)', async () => {
    const before = await crewJobOtherThan('BOOKED', 'CHECKED_IN');
    await expectUnchanged(before.id, before, async () => {
      const answer = await change(before.id, { status: 'BOOKED' }, { clientId: 'demo-readonly' });
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ message: expect.any(String), requiredScope: 'jobs:write' });
    });
  });

  it('only POST, only /_sandbox/crew-jobs/{id}', async () => {
    const [first] = await crewJobs();
    expect((await rest(sb, 'GET', `/_sandbox/crew-jobs/${first.id}`)).status).toBe(405);
    expect((await rest(sb, 'POST', '/_sandbox/crews/1', { json: { status: 'BOOKED' } })).status).toBe(404);
  });
});

describe('[sandbox] crew job activity is announced', () => {
  it('in the JSON index at GET /', async () => {
    const index = await readJson(await fetch(`${sb.baseUrl}/`));
    expect(index.endpoints.crewJobActivity).toBe(`${sb.baseUrl}/_sandbox/crew-jobs/{id}`);
  });

  it('in what `crew-mcp sandbox` prints', () => {
    expect(describeRunningSandbox(sb)).toContain(`POST ${sb.baseUrl}/_sandbox/crew-jobs/{id}`);
  });
});
