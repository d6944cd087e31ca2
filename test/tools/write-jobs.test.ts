// create_jobs and update_jobs against the sandbox: every createJobs/updateJobs rule of
// platform-api.md §4.4 (1-6, 10) and the dataType rows of §7, as a local check that sends
// nothing upstream and, where a check can be bypassed, as the platform's own answer.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/types.js';
import { gql } from '../helpers/sandbox.js';
import { type Any, allJobs, boardsByZone, connect, operations, startWriteSandbox } from './write-support.js';

let sandbox: RunningSandbox;
let admin: Awaited<ReturnType<typeof connect>>;
let boards: Record<string, string>;
let london: string;
let newYork: string;

/** A one-role job input; `role` and `job` override the defaults. */
function job(over: Record<string, unknown> = {}, role: Record<string, unknown> = {}): Any {
  return {
    boardId: london,
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

beforeAll(async () => {
  sandbox = await startWriteSandbox();
  admin = await connect(sandbox);
  boards = await boardsByZone(sandbox);
  london = boards['Europe/London'] as string;
  newYork = boards['America/New_York'] as string;
});

afterAll(async () => {
  await admin?.close();
  await sandbox?.close();
});

beforeEach(() => sandbox.resetStats());

describe('create_jobs: times (§4.4 rules 1, 2)', () => {
  it('creates a job and returns its ids, local times and the total with the saved break (rule 6)', async () => {
    const { data, isError, text } = await admin.call('create_jobs', {
      jobs: [job({}, { breakPeriod: 30, quantity: 2 })],
    });
    expect(isError, text).toBe(false);
    const created = data.jobs[0];
    expect(created.id).toMatch(/\d+/);
    expect(created.timezone).toBe('Europe/London');
    expect(created.roles[0]).toMatchObject({
      start: '18:00',
      end: '23:00',
      breakPeriod: 30,
      total: 54,
    });
    expect(created.roles[0].id).toBeTruthy();
    expect(operations(sandbox)).toEqual({ createJobs: 1 });
  });

  it("uses the board's timezone when none is given, read from the board's jobs (rule 1)", async () => {
    const { data, isError, text } = await admin.call('create_jobs', {
      jobs: [
        job(
          { boardId: newYork, timezone: undefined, date: '2027-01-20' },
          { startTime: '2027-01-20T09:00', endTime: '2027-01-20T17:00' },
        ),
      ],
    });
    expect(isError, text).toBe(false);
    expect(data.jobs[0].timezone).toBe('America/New_York');
    expect(data.jobs[0].roles[0].start).toBe('09:00');
  });

  it('rejects a timezone that is not an IANA name, sending nothing', async () => {
    const { isError, text } = await admin.call('create_jobs', { jobs: [job({ timezone: 'Europe/Londn' })] });
    expect(isError).toBe(true);
    expect(text).toMatch(/jobs\[0\]\.timezone: .*Europe\/Londn/);
    expect(text).toMatch(/§2\.2/);
    expect(text).toMatch(/Fix: .*Europe\/London/);
    expect(sandbox.stats.graphqlRequests).toBe(0);
  });

  it("rejects a role that does not start on the job's date in the job's timezone, sending nothing", async () => {
    const { isError, text } = await admin.call('create_jobs', {
      jobs: [job({}, { startTime: '2027-01-16T01:00', endTime: '2027-01-16T05:00' })],
    });
    expect(isError).toBe(true);
    expect(text).toMatch(
      /jobs\[0\]\.roles\[0\]\.startTime: starts on 2027-01-16 but the job is dated 2027-01-15/,
    );
    expect(text).toMatch(/§4\.4 rule 2/);
    expect(text).toMatch(/Fix: Start the role on the job's date, e\.g\. "2027-01-15T01:00"/);
    expect(sandbox.stats.graphqlRequests).toBe(0);
  });

  it('rejects an end before the start, saying how to cross midnight', async () => {
    const { isError, text } = await admin.call('create_jobs', {
      jobs: [job({}, { startTime: '2027-01-15T22:00', endTime: '2027-01-15T02:00' })],
    });
    expect(isError).toBe(true);
    expect(text).toMatch(/jobs\[0\]\.roles\[0\]\.endTime: ends .* before it starts/);
    expect(text).toMatch(/"2027-01-16T02:00"/);
    expect(sandbox.stats.graphqlRequests).toBe(0);
  });

  it('rejects 02:30 on the spring-forward day (America/New_York, 2027-03-14) with the reason, sending nothing', async () => {
    const { isError, text } = await admin.call('create_jobs', {
      jobs: [
        job(
          { boardId: newYork, timezone: 'America/New_York', date: '2027-03-14' },
          { startTime: '2027-03-14T02:30', endTime: '2027-03-14T06:00' },
        ),
      ],
    });
    expect(isError).toBe(true);
    expect(text).toMatch(
      /jobs\[0\]\.roles\[0\]\.startTime: 02:30 does not exist on 2027-03-14 in America\/New_York: clocks go from 02:00 to 03:00 \(-05:00 → -04:00\)/,
    );
    expect(text).toMatch(/DST_GAP/);
    expect(text).toMatch(/Fix: Use "2027-03-14T03:30"/);
    expect(sandbox.stats.graphqlRequests).toBe(0);
  });

  it("rejects London's skipped hour (01:30 on 2027-03-28), sending nothing", async () => {
    const { isError, text } = await admin.call('create_jobs', {
      jobs: [job({ date: '2027-03-28' }, { startTime: '2027-03-28T01:30', endTime: '2027-03-28T06:00' })],
    });
    expect(isError).toBe(true);
    expect(text).toMatch(
      /01:30 does not exist on 2027-03-28 in Europe\/London: clocks go from 01:00 to 02:00/,
    );
    expect(sandbox.stats.graphqlRequests).toBe(0);
  });

  it('flags an ambiguous time (fall-back overlap) and still creates the job', async () => {
    const { data, isError, text } = await admin.call('create_jobs', {
      jobs: [job({ date: '2027-10-31' }, { startTime: '2027-10-31T01:30', endTime: '2027-10-31T06:00' })],
    });
    expect(isError, text).toBe(false);
    expect(data.warnings.join('\n')).toMatch(
      /DST_AMBIGUOUS: jobs\[0\]\.roles\[0\]\.startTime: 01:30 happens twice/,
    );
    expect(data.jobs[0].roles[0].start).toBe('01:30');
  });

  it('rejects a breakPeriod in hours or not shorter than the role (rule 6)', async () => {
    const hours = await admin.call('create_jobs', { jobs: [job({}, { breakPeriod: 0.5 })] });
    expect(hours.text).toMatch(
      /breakPeriod: 0\.5 is not a whole number of minutes.*Fix: breakPeriod is in minutes: 0\.5 h is 30; send 30/s,
    );
    const tooLong = await admin.call('create_jobs', { jobs: [job({}, { breakPeriod: 300 })] });
    expect(tooLong.text).toMatch(/a 300-minute break is not shorter than the role \(300 min\)/);
    expect(sandbox.stats.graphqlRequests).toBe(0);
  });
});

describe('create_jobs: multi-day jobs (§4.4 rule 3)', () => {
  it('creates linked jobs that share one timezone', async () => {
    const { data, isError, text } = await admin.call('create_jobs', {
      multiDay: true,
      jobs: [
        job({ date: '2027-02-01' }, { startTime: '2027-02-01T10:00', endTime: '2027-02-01T16:00' }),
        job({ date: '2027-02-02' }, { startTime: '2027-02-02T10:00', endTime: '2027-02-02T16:00' }),
      ],
    });
    expect(isError, text).toBe(false);
    expect(data.jobs[0].multiDayJobId).toBeTruthy();
    expect(data.jobs[1].multiDayJobId).toBe(data.jobs[0].multiDayJobId);
  });

  it('rejects days in different timezones, sending nothing', async () => {
    const { isError, text } = await admin.call('create_jobs', {
      multiDay: true,
      jobs: [
        job({ date: '2027-02-01' }, { startTime: '2027-02-01T10:00', endTime: '2027-02-01T16:00' }),
        job(
          { date: '2027-02-02', timezone: 'Europe/Paris' },
          { startTime: '2027-02-02T10:00', endTime: '2027-02-02T16:00' },
        ),
      ],
    });
    expect(isError).toBe(true);
    expect(text).toMatch(
      /jobs\[1\]\.timezone: .* is in Europe\/Paris .* jobs\[0\] is in Europe\/London.*MULTI_DAY_TIMEZONE/s,
    );
    expect(text).toMatch(/§4\.4 rule 3/);
    expect(sandbox.stats.graphqlRequests).toBe(0);
  });

  it("returns the platform's answer when a day's zone cannot be known locally (key without jobs:read)", async () => {
    const writer = await connect(sandbox, ['--sandbox-key', 'jobs-write-only']);
    try {
      sandbox.resetStats();
      const { isError, text } = await writer.call('create_jobs', {
        multiDay: true,
        jobs: [
          job(
            { boardId: newYork, timezone: undefined, date: '2027-02-01' },
            { startTime: '2027-02-01T10:00', endTime: '2027-02-01T16:00' },
          ),
          job(
            { boardId: newYork, timezone: 'Europe/London', date: '2027-02-02' },
            { startTime: '2027-02-02T10:00', endTime: '2027-02-02T16:00' },
          ),
        ],
      });
      expect(isError).toBe(true);
      expect(text).toMatch(/The platform rejected the change; nothing was written/);
      expect(text).toMatch(/jobs\[1\]\.timezone: jobs of a multi-day job share one timezone/);
      expect(operations(sandbox).createJobs).toBe(1);
    } finally {
      await writer.close();
    }
  });

  it("lets the platform place a DST-gap time when the board's zone is unknown, and shows its answer", async () => {
    const writer = await connect(sandbox, ['--sandbox-key', 'jobs-write-only']);
    try {
      sandbox.resetStats();
      const { isError, text } = await writer.call('create_jobs', {
        jobs: [
          job(
            { boardId: newYork, timezone: undefined, date: '2027-03-14' },
            { startTime: '2027-03-14T02:30', endTime: '2027-03-14T08:00' },
          ),
        ],
      });
      expect(isError).toBe(true);
      expect(text).toMatch(/jobs\[0\]\.roles\[0\]\.startTime: .*does not exist/);
      // The board read is refused (no jobs:read); the platform's answer is what the model sees.
      expect(operations(sandbox).createJobs).toBe(1);
    } finally {
      await writer.close();
    }
  });
});

describe('create_jobs: requirements (§2.3, §4.4 rule 10, §7)', () => {
  const requirement = (dataType: Record<string, unknown>) => ({ requirements: { dataType: [dataType] } });

  it('creates a role with dataType, roleType and the other requirement kinds', async () => {
    const roles = await allJobs(sandbox);
    const roleTypeId = roles.flatMap((j: Any) => j.roles).find((r: Any) => r.roleTypeId)?.roleTypeId;
    const { data, isError, text } = await admin.call('create_jobs', {
      jobs: [
        job(
          {},
          {
            requirements: {
              dataType: [
                { dataTypeTitle: 'Languages', optionNames: ['English', 'Spanish'], condition: 'ANY' },
              ],
              ...(roleTypeId ? { roleType: { roleTypeId, condition: 'EQUAL' } } : {}),
              ageRestriction: { minAge: 18 },
              genderRestriction: { genders: ['FEMALE'] },
              distanceRestriction: { maxDistanceKm: 25 },
              labels: ['vip'],
              tags: ['bar'],
            },
          },
        ),
      ],
    });
    expect(isError, text).toBe(false);
    const phrases = data.jobs[0].roles[0].requirements.join('; ');
    expect(phrases).toMatch(/"Languages" ANY \[English, Spanish\]/);
    expect(phrases).toMatch(/age 18\+/);
    expect(phrases).toMatch(/within 25 km/);
  });

  it('rejects neither or both of dataTypeId and dataTypeTitle, sending nothing (§7)', async () => {
    const neither = await admin.call('create_jobs', {
      jobs: [job({}, requirement({ optionNames: ['English'], condition: 'ANY' }))],
    });
    expect(neither.text).toMatch(/requirements\.dataType\[0\]: gives neither dataTypeId nor dataTypeTitle/);
    const both = await admin.call('create_jobs', {
      jobs: [
        job(
          {},
          requirement({
            dataTypeId: '1',
            dataTypeTitle: 'Languages',
            optionNames: ['English'],
            condition: 'ANY',
          }),
        ),
      ],
    });
    expect(both.text).toMatch(/gives both dataTypeId \(1\) and dataTypeTitle/);
    expect(both.text).toMatch(/§2\.3 dataType: exactly one of dataTypeId and dataTypeTitle/);
    expect(sandbox.stats.graphqlRequests).toBe(0);
  });

  it('rejects a dataType condition other than ALL/ANY/NONE and a roleType condition other than EQUAL', async () => {
    const dataType = await admin.call('create_jobs', {
      jobs: [
        job({}, requirement({ dataTypeTitle: 'Languages', optionNames: ['English'], condition: 'EQUAL' })),
      ],
    });
    expect(dataType.text).toMatch(
      /condition "EQUAL" is not valid for a dataType requirement.*Fix: EQUAL is for roleType requirements/s,
    );
    const roleType = await admin.call('create_jobs', {
      jobs: [job({}, { requirements: { roleType: { roleTypeId: '5', condition: 'ANY' } } })],
    });
    expect(roleType.text).toMatch(
      /roleType\.condition: condition "ANY" is not valid for a roleType requirement.*§2\.3 roleType: condition must be EQUAL/s,
    );
    expect(sandbox.stats.graphqlRequests).toBe(0);
  });

  it('rejects an unknown requirement kind or a kind of the wrong form', async () => {
    const { text } = await admin.call('create_jobs', {
      jobs: [job({}, { requirements: { dataTypes: [], labels: 'vip' } })],
    });
    expect(text).toMatch(
      /requirements\.dataTypes: dataTypes is not a requirement kind.*Did you mean dataType\?/s,
    );
    expect(text).toMatch(/requirements\.labels: labels must be a list of strings/);
    expect(sandbox.stats.graphqlRequests).toBe(0);
  });

  it('rejects an ambiguous title from the cached catalogue, naming the ids; no createJobs sent', async () => {
    const { isError, text } = await admin.call('create_jobs', {
      jobs: [
        job({}, requirement({ dataTypeTitle: 'Certifications', optionNames: ['Barista'], condition: 'ANY' })),
      ],
    });
    expect(isError).toBe(true);
    expect(text).toMatch(/dataTypeTitle: 2 data types are titled "Certifications"/);
    expect(text).toMatch(/Fix: Use dataTypeId instead of dataTypeTitle: one of \d+, \d+/);
    expect(operations(sandbox).createJobs).toBeUndefined();
  });

  it('reads the catalogue once (every crew page) and reuses it; unknown titles and options are rejected', async () => {
    const fresh = await connect(sandbox);
    try {
      const { body } = await gql(
        sandbox,
        '{ companyCrewAll(input: { perPage: 100 }) { pager { pageCount } } }',
      );
      sandbox.resetStats();
      const unknown = await fresh.call('create_jobs', {
        jobs: [
          job({}, requirement({ dataTypeTitle: 'Langauges', optionNames: ['English'], condition: 'ANY' })),
        ],
      });
      expect(unknown.text).toMatch(/no data type of the company is titled "Langauges"/);
      expect(operations(sandbox)).toEqual({ companyCrewAll: body.data.companyCrewAll.pager.pageCount });
      sandbox.resetStats();
      const option = await fresh.call('create_jobs', {
        jobs: [
          job({}, requirement({ dataTypeTitle: 'Languages', optionNames: ['Klingon'], condition: 'ANY' })),
        ],
      });
      expect(option.text).toMatch(
        /optionNames\[0\]: "Klingon" is not an option of data type \d+ \("Languages"/,
      );
      expect(option.text).toMatch(/Fix: Use options of this data type: "English"/);
      // Cached: no crew read again, and no mutation.
      expect(operations(sandbox)).toEqual({});
    } finally {
      await fresh.close();
    }
  });

  it("returns the platform's AMBIGUOUS and option answers with the lookup tool when the catalogue cannot be read", async () => {
    const jobsOnly = await connect(sandbox, ['--sandbox-key', 'jobs-only']);
    try {
      sandbox.resetStats();
      const ambiguous = await jobsOnly.call('create_jobs', {
        jobs: [
          job(
            {},
            requirement({ dataTypeTitle: 'Certifications', optionNames: ['Barista'], condition: 'ANY' }),
          ),
        ],
      });
      expect(ambiguous.isError).toBe(true);
      expect(ambiguous.text).toMatch(
        /dataTypeTitle: the title "Certifications" is shared by data types .* \[AMBIGUOUS\]/,
      );
      expect(ambiguous.text).toMatch(/Fix: get_crew lists data types/);
      const option = await jobsOnly.call('create_jobs', {
        jobs: [
          job({}, requirement({ dataTypeTitle: 'Languages', optionNames: ['Klingon'], condition: 'ANY' })),
        ],
      });
      expect(option.text).toMatch(/optionNames\[0\]: "Klingon" is not an option of data type "Languages"/);
      expect(option.text).toMatch(/get_crew/);
      expect(operations(sandbox)).toMatchObject({ createJobs: 2, companyCrewAll: 1 });
    } finally {
      await jobsOnly.close();
    }
  });

  it('drops the deprecated attributes and skills, says what replaces them, and does not send them', async () => {
    const send = vi.spyOn(admin.app.platform.graphql, 'mutate');
    try {
      const { data, isError, text } = await admin.call('create_jobs', {
        jobs: [job({}, { requirements: { skills: ['Cash handling'], attributes: ['Tall'], tags: ['bar'] } })],
      });
      expect(isError, text).toBe(false);
      expect(data.dropped).toEqual([
        {
          path: 'jobs[0].roles[0].requirements.attributes',
          replacement: expect.stringMatching(/requirements\.dataType .* or requirements\.profile/),
        },
        {
          path: 'jobs[0].roles[0].requirements.skills',
          replacement: expect.stringMatching(/requirements\.dataType/),
        },
      ]);
      const sent = JSON.stringify(send.mock.calls[0]?.[1]);
      expect(sent).toContain('"tags":["bar"]');
      expect(sent).not.toMatch(/skills|attributes/);
    } finally {
      send.mockRestore();
    }
  });

  it('says which lookup tool finds a board id the platform does not know', async () => {
    const { isError, text } = await admin.call('create_jobs', { jobs: [job({ boardId: '999999' })] });
    expect(isError).toBe(true);
    expect(text).toMatch(
      /jobs\[0\]\.boardId: no board with id 999999 \[ITEM_NOT_FOUND\] Fix: list_jobs shows board ids/,
    );
  });
});

describe('update_jobs (§4.4 rules 4, 5, 7)', () => {
  it('changes the timezone keeping the wall-clock times; the UTC instants move (rule 4)', async () => {
    const created = await admin.call('create_jobs', {
      jobs: [job({ date: '2027-01-22' }, { startTime: '2027-01-22T18:00', endTime: '2027-01-22T22:00' })],
    });
    const { id } = created.data.jobs[0];
    const { data, isError, text } = await admin.call('update_jobs', {
      jobs: [{ id, timezone: 'America/New_York' }],
    });
    expect(isError, text).toBe(false);
    expect(data.jobs[0]).toMatchObject({ timezone: 'America/New_York' });
    expect(data.jobs[0].roles[0].start).toBe('18:00');
    const [stored] = await allJobs(sandbox, { jobIds: [id] });
    expect(stored.roles[0].startTime).toMatch(
      /^2027-01-22T18:00:00(\.000)?-05:00$|^2027-01-22T23:00:00(\.000)?Z$/,
    );
  });

  it('names every job of a multi-day job that a timezone change moves (rule 5)', async () => {
    const created = await admin.call('create_jobs', {
      multiDay: true,
      jobs: ['2027-02-10', '2027-02-11', '2027-02-12'].map((date) =>
        job({ date }, { startTime: `${date}T09:00`, endTime: `${date}T12:00` }),
      ),
    });
    const ids = created.data.jobs.map((j: Any) => j.id);
    const { data, isError, text } = await admin.call('update_jobs', {
      jobs: [{ id: ids[0], timezone: 'Europe/Paris' }],
    });
    expect(isError, text).toBe(false);
    for (const id of ids) expect(data.moved.join('\n')).toContain(`job ${id}`);
    expect(data.warnings.join('\n')).toMatch(
      /MULTI_DAY_GROUP_UPDATE: .*also applies to the rest of multi-day job/,
    );
    expect(data.jobs.map((j: Any) => j.timezone)).toEqual(['Europe/Paris', 'Europe/Paris', 'Europe/Paris']);
    for (const moved of data.jobs) expect(moved.roles[0].start).toMatch(/09:00$/);
  });

  it('refuses two different timezones for days of one multi-day job, sending no update (rule 5)', async () => {
    const created = await admin.call('create_jobs', {
      multiDay: true,
      jobs: ['2027-02-15', '2027-02-16'].map((date) =>
        job({ date }, { startTime: `${date}T09:00`, endTime: `${date}T12:00` }),
      ),
    });
    const [first, second] = created.data.jobs.map((j: Any) => j.id);
    sandbox.resetStats();
    const { isError, text } = await admin.call('update_jobs', {
      jobs: [
        { id: first, timezone: 'Europe/Paris' },
        { id: second, timezone: 'Europe/Madrid' },
      ],
    });
    expect(isError).toBe(true);
    expect(text).toMatch(
      /jobs\[1\]\.timezone: job \d+ is in multi-day job \d+, which jobs\[0\] moves to Europe\/Paris; it cannot get Europe\/Madrid/,
    );
    expect(text).toMatch(/§4\.4 rule 5/);
    expect(operations(sandbox).updateJobs).toBeUndefined();
  });

  it('refuses a timezone that would put a role into a DST gap of the new zone, before updateJobs', async () => {
    const created = await admin.call('create_jobs', {
      jobs: [job({ date: '2027-03-14' }, { startTime: '2027-03-14T02:30', endTime: '2027-03-14T05:00' })],
    });
    expect(created.isError, created.text).toBe(false);
    sandbox.resetStats();
    const { isError, text } = await admin.call('update_jobs', {
      jobs: [{ id: created.data.jobs[0].id, timezone: 'America/New_York' }],
    });
    expect(isError).toBe(true);
    expect(text).toMatch(/startTime: 02:30 does not exist on 2027-03-14 in America\/New_York/);
    expect(text).toMatch(/§4\.4 rule 4/);
    expect(operations(sandbox).updateJobs).toBeUndefined();
  });

  it('edits role times read in the job zone and refuses a breakPeriod change (rule 7) sending nothing', async () => {
    const created = await admin.call('create_jobs', {
      jobs: [
        job(
          { date: '2027-01-25' },
          { startTime: '2027-01-25T18:00', endTime: '2027-01-25T22:00', breakPeriod: 30 },
        ),
      ],
    });
    const { id, roles } = created.data.jobs[0];
    sandbox.resetStats();
    const refused = await admin.call('update_jobs', {
      jobs: [{ id, roles: [{ id: roles[0].id, breakPeriod: 15 }] }],
    });
    expect(refused.text).toMatch(
      /roles\[0\]\.breakPeriod: a role's breakPeriod cannot be changed after creation.*§4\.4 rule 7/s,
    );
    expect(sandbox.stats.graphqlRequests).toBe(0);
    const moved = await admin.call('update_jobs', {
      jobs: [{ id, roles: [{ id: roles[0].id, endTime: '2027-01-26T00:00' }] }],
    });
    expect(moved.isError, moved.text).toBe(false);
    expect(moved.data.jobs[0].roles[0]).toMatchObject({
      end: '2027-01-26 00:00',
      breakPeriod: 30,
      total: 66,
    });
    expect(moved.data.payChanges).toEqual([{ roleId: roles[0].id, jobId: id, before: 42, after: 66 }]);
    const late = await admin.call('update_jobs', {
      jobs: [{ id, roles: [{ id: roles[0].id, startTime: '2027-01-26T01:00' }] }],
    });
    expect(late.text).toMatch(/startTime: starts on 2027-01-26 but the job is dated 2027-01-25/);
  });

  it('says which lookup tool finds a job or role id', async () => {
    const { isError, text } = await admin.call('update_jobs', { jobs: [{ id: '999999', title: 'x' }] });
    expect(isError).toBe(true);
    expect(text).toMatch(/jobs\[0\]\.id: no job with id 999999\. Fix: list_jobs shows job ids/);
    expect(operations(sandbox).updateJobs).toBeUndefined();
  });

  it('declares honest annotations and scopes', async () => {
    const { tools } = await admin.client.listTools();
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    expect(byName.create_jobs?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: true,
    });
    expect(byName.update_jobs?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
      openWorldHint: true,
    });
    expect(byName.update_jobs?.description).toMatch(/Scope: jobs:write, jobs:read\./);
    const writer = await connect(sandbox, ['--sandbox-key', 'jobs-write-only']);
    try {
      const names = (await writer.client.listTools()).tools.map((tool) => tool.name);
      // update_jobs reads the roles for its pay guard: without jobs:read it is not offered.
      expect(names).toContain('create_jobs');
      expect(names).not.toContain('update_jobs');
    } finally {
      await writer.close();
    }
  });
});
