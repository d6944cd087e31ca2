// create_jobs against the sandbox: every createJobs rule of platform-api.md (§2.3, §4.4 rules
// 1-3, 6, 10, the dataType rows of §7) as a local check that sends nothing, or, where a fact
// cannot be read, as the platform's own answer; and what a successful call sends.
import { beforeAll, describe, expect, it } from 'vitest';
import { gql } from '../helpers/sandbox.js';
import { variablesOf } from '../helpers/sent.js';
import { operations, reads } from '../helpers/tool-requests.js';
import {
  type Any,
  allJobs,
  boardsByZone,
  connect,
  listedAs,
  oneRoleJob,
  useWriteSandbox,
} from './write-support.js';

const suite = useWriteSandbox();
let london: string;
let newYork: string;

const job = (over: Record<string, unknown> = {}, role: Record<string, unknown> = {}) =>
  oneRoleJob(london, over, role);

const requirement = (dataType: Record<string, unknown>) => ({ requirements: { dataType: [dataType] } });

/** A multi-day job of 2027-02-01 and 2027-02-02, 10:00-16:00 each; `first` and `second` override a day. */
const twoDays = (first: Record<string, unknown> = {}, second: Record<string, unknown> = {}) => ({
  multiDay: true,
  jobs: [
    job({ date: '2027-02-01', ...first }, { startTime: '2027-02-01T10:00', endTime: '2027-02-01T16:00' }),
    job({ date: '2027-02-02', ...second }, { startTime: '2027-02-02T10:00', endTime: '2027-02-02T16:00' }),
  ],
});

beforeAll(async () => {
  const boards = await boardsByZone(suite.sandbox);
  london = boards['Europe/London'] as string;
  newYork = boards['America/New_York'] as string;
});

describe('create_jobs: what it sends', () => {
  it('sends one createJobs with the input and returns ids, local times and the total with the saved break (rule 6)', async () => {
    const result = await suite.see('create_jobs', { jobs: [job({}, { breakPeriod: 30, quantity: 2 })] });
    expect(result.isError, result.text).toBe(false);
    expect(operations(result.sent)).toEqual(['createJobs']);
    expect(variablesOf(result.sent, 'createJobs')).toEqual({
      input: { jobs: [job({}, { breakPeriod: 30, quantity: 2 })] },
    });
    const created = result.data.jobs[0];
    expect(created.id).toMatch(/\d+/);
    expect(created.timezone).toBe('Europe/London');
    expect(created.roles[0]).toMatchObject({ start: '18:00', end: '23:00', breakPeriod: 30, total: 54 });
  });

  it("reads the board's timezone once when none is given, then sends (rule 1)", async () => {
    const fresh = await suite.connectAs();
    try {
      const input = job(
        { boardId: newYork, timezone: undefined, date: '2027-01-20' },
        { startTime: '2027-01-20T09:00', endTime: '2027-01-20T17:00' },
      );
      const result = await fresh.see('create_jobs', { jobs: [input] });
      expect(result.isError, result.text).toBe(false);
      expect(operations(result.sent)).toEqual(['companyJobs', 'createJobs']);
      expect(variablesOf(result.sent, 'companyJobs')).toMatchObject({
        input: { filter: { boardIds: [newYork] } },
      });
      expect(result.data.jobs[0]).toMatchObject({
        timezone: 'America/New_York',
        roles: [{ start: '09:00' }],
      });
      const again = await fresh.see('create_jobs', { jobs: [{ ...input, title: 'Second' }] });
      expect(operations(again.sent)).toEqual(['createJobs']);
    } finally {
      await fresh.close();
    }
  });

  it('leaves the deprecated attributes and skills out of what it sends, and says what replaces them (rule 10)', async () => {
    const result = await suite.see('create_jobs', {
      jobs: [job({}, { requirements: { skills: ['Cash handling'], attributes: ['Tall'], tags: ['bar'] } })],
    });
    expect(result.isError, result.text).toBe(false);
    expect(result.data.dropped.map((entry: Any) => entry.path)).toEqual([
      'jobs[0].roles[0].requirements.attributes',
      'jobs[0].roles[0].requirements.skills',
    ]);
    expect(result.data.dropped[0].replacement).toMatch(/requirements\.dataType .* or requirements\.profile/);
    const sent = JSON.stringify(variablesOf(result.sent, 'createJobs'));
    expect(sent).toContain('"tags":["bar"]');
    expect(sent).not.toMatch(/skills|attributes/);
  });

  it('sends every requirement kind and shows them as phrases (§2.2 Role.requirements, §2.3)', async () => {
    const seeded = await gql(
      suite.sandbox,
      '{ companyJobs(input: { perPage: 100 }) { paginatedList { roles { roleTypeId } } } }',
    );
    const roleTypeId = seeded.body.data.companyJobs.paginatedList
      .flatMap((one: Any) => one.roles)
      .find((r: Any) => r.roleTypeId).roleTypeId;
    const profiles = (
      await gql(
        suite.sandbox,
        '{ companyCrewAll(input: { perPage: 1 }) { paginatedList { profiles { id } } } }',
      )
    ).body.data.companyCrewAll.paginatedList[0].profiles;
    const requirements = {
      dataType: [{ dataTypeTitle: 'Languages', optionNames: ['English', 'Spanish'], condition: 'ANY' }],
      roleType: { roleTypeId, condition: 'EQUAL' },
      profile: { profileIds: [profiles[0].id], condition: 'ANY' },
      ageRestriction: { minAge: 18 },
      genderRestriction: { genders: ['FEMALE'] },
      distanceRestriction: { maxDistanceKm: 25 },
      labels: ['vip'],
      tags: ['bar'],
    };
    const result = await suite.see('create_jobs', { jobs: [job({}, { requirements })] });
    expect(result.isError, result.text).toBe(false);
    expect(variablesOf(result.sent, 'createJobs')).toMatchObject({
      input: { jobs: [{ roles: [{ requirements }] }] },
    });
    const phrases = result.data.jobs[0].roles[0].requirements.join('; ');
    expect(phrases).toMatch(/"Languages" ANY \[English, Spanish\]/);
    expect(phrases).toMatch(/roleType \d+/);
    expect(phrases).toMatch(/profile ANY \[\d+\]/);
    expect(phrases).toMatch(/age 18\+/);
    expect(phrases).toMatch(/within 25 km/);
  });

  it('creates linked jobs that share one timezone (rule 3)', async () => {
    const result = await suite.see('create_jobs', twoDays());
    expect(result.isError, result.text).toBe(false);
    expect(variablesOf(result.sent, 'createJobs')).toMatchObject({ input: { multiDay: true } });
    expect(result.data.jobs[1].multiDayJobId).toBe(result.data.jobs[0].multiDayJobId);
  });

  it('accepts Etc/GMT+5 and notes that it means UTC-05:00', async () => {
    const result = await suite.see('create_jobs', { jobs: [job({ timezone: 'Etc/GMT+5' })] });
    expect(result.isError, result.text).toBe(false);
    expect(variablesOf(result.sent, 'createJobs')).toMatchObject({
      input: { jobs: [{ timezone: 'Etc/GMT+5' }] },
    });
    expect(result.data.warnings.join('\n')).toMatch(
      /FIXED_OFFSET_ZONE: jobs\[0\]\.timezone: Etc\/GMT\+5 means UTC-05:00 \(Etc\/GMT names carry the opposite sign\)/,
    );
  });

  it('flags an ambiguous time (fall-back overlap), creates the job and shows the time with its offset', async () => {
    const result = await suite.see('create_jobs', {
      jobs: [job({ date: '2027-10-31' }, { startTime: '2027-10-31T01:30', endTime: '2027-10-31T06:00' })],
    });
    expect(result.isError, result.text).toBe(false);
    expect(operations(result.sent)).toEqual(['createJobs']);
    expect(result.data.warnings.join('\n')).toMatch(
      /DST_AMBIGUOUS: jobs\[0\]\.roles\[0\]\.startTime: 01:30 happens twice/,
    );
    expect(result.data.jobs[0].roles[0].start).toBe('01:30 (+01:00)');
    expect(result.data.jobs[0].roles[0].end).toBe('06:00');
    // The result reports what was done: no "Fix:" advice for a write that has happened.
    expect(result.data.warnings.join('\n')).not.toMatch(/Fix:/);
  });

  it('says the outcome is unknown when the answer does not come back, and never repeats the mutation', async () => {
    const client = await connect(suite.sandbox, ['--timeout-ms', '300']);
    const title = `Timeout gala ${Date.now()}`;
    try {
      suite.sandbox.setFaults({ latencyMs: 900 });
      const result = await client.see('create_jobs', {
        jobs: [
          job({ title, date: '2027-04-02' }, { startTime: '2027-04-02T10:00', endTime: '2027-04-02T14:00' }),
        ],
      });
      expect(result.isError).toBe(true);
      expect(result.text).toMatch(
        /timed out after 300 ms; it may or may not have been applied, so it was not repeated/,
      );
      expect(result.text).toMatch(/Check with list_jobs/);
    } finally {
      suite.sandbox.setFaults({ latencyMs: 0 });
      await client.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const created = (
      await allJobs(suite.sandbox, {
        fromRange: '2027-04-01T00:00:00.000Z',
        toRange: '2027-04-03T00:00:00.000Z',
      })
    ).filter((stored) => stored.title === title);
    expect(created).toHaveLength(1);
  });
});

describe('create_jobs: previewed, and a rate of 0 only with the user', () => {
  it('a dry run sends nothing, and its per-role change equals what the real call reports', async () => {
    const input = {
      jobs: [
        job({ title: 'Dry run gala' }, { breakPeriod: 30 }),
        job(
          { boardId: newYork, timezone: undefined, date: '2027-03-03' },
          { startTime: '2027-03-03T09:00', endTime: '2027-03-03T17:30', payType: 'FIXED', payRate: 150 },
        ),
      ],
    };
    const dry = await suite.see('create_jobs', { ...input, dryRun: true });
    expect(dry.isError, dry.text).toBe(false);
    expect(operations(dry.sent)).not.toContain('createJobs');
    expect(dry.data.changes[1]).toEqual({
      path: 'jobs[1].roles[0]',
      title: 'Bartender',
      payType: 'FIXED',
      start: { after: '2027-03-03T09:00', afterUtc: '2027-03-03T14:00:00Z' },
      end: { after: '2027-03-03T17:30', afterUtc: '2027-03-03T22:30:00Z' },
      payRate: { after: 150 },
      total: { after: 150 },
    });
    const real = await suite.see('create_jobs', input);
    expect(real.isError, real.text).toBe(false);
    expect(operations(real.sent)).toContain('createJobs');
    expect(real.data.changes).toEqual(dry.data.changes);
  });

  it('asks before saving a role at rate 0 (given, or left out); 0 mutations until confirmed', async () => {
    const input = {
      jobs: [job({ title: 'Unpaid A' }, { payRate: 0 }), job({ title: 'Unpaid B' }, { payRate: undefined })],
    };
    const refused = await suite.see('create_jobs', input);
    expect(refused.isError).toBe(true);
    expect(operations(refused.sent)).not.toContain('createJobs');
    expect(refused.text).toMatch(/createJobs not sent: it gives 2 role\(s\) a rate of 0/);
    expect(refused.text).toMatch(
      /jobs\[1\]\.roles\[0\]\.payRate: .*no payRate given, and the platform saves 0/,
    );
    expect(refused.text).toMatch(/confirm: true/);
    const dry = await suite.see('create_jobs', { ...input, dryRun: true });
    expect(dry.data.needsConfirmation).toHaveLength(2);
    expect(operations(dry.sent)).not.toContain('createJobs');
    const confirmed = await suite.see('create_jobs', { ...input, confirm: true });
    expect(confirmed.isError, confirmed.text).toBe(false);
    expect(operations(confirmed.sent)).toEqual(['createJobs']);
    expect(confirmed.data.notes.join(' ')).toMatch(/Confirmed by the user: 2 role\(s\) at a rate of 0/);
  });
});

describe('create_jobs: refused before anything is sent', () => {
  it('a timezone that is not an IANA name, with the path once and the fix', async () => {
    const result = await suite.see('create_jobs', { jobs: [job({ timezone: 'EST' })] });
    expect(result.isError).toBe(true);
    expect(result.sent).toEqual([]);
    expect(result.text).toMatch(/- jobs\[0\]\.timezone: "EST" is an abbreviation, not an IANA timezone name/);
    expect(result.text).not.toMatch(/jobs\[0\]\.timezone: jobs\[0\]\.timezone/);
    expect(result.text).not.toMatch(/§/);
    expect(result.rules.map((entry) => entry.rule).join(' ')).toMatch(/§2\.2/);
    expect(result.text).toMatch(/Fix: Use the IANA name of the place, e\.g\. "America\/New_York"/);
  });

  it("a role that does not start on the job's date in the job's timezone (rule 2)", async () => {
    const result = await suite.see('create_jobs', {
      jobs: [job({}, { startTime: '2027-01-16T01:00', endTime: '2027-01-16T05:00' })],
    });
    expect(result.isError).toBe(true);
    expect(result.sent).toEqual([]);
    expect(result.text).toMatch(
      /jobs\[0\]\.roles\[0\]\.startTime: starts on 2027-01-16 but the job is dated 2027-01-15/,
    );
    expect(result.text).toMatch(/Fix: Start the role on the job's date, e\.g\. "2027-01-15T01:00"/);
  });

  it('an end before the start, saying how to cross midnight', async () => {
    const result = await suite.see('create_jobs', {
      jobs: [job({}, { startTime: '2027-01-15T22:00', endTime: '2027-01-15T02:00' })],
    });
    expect(result.isError).toBe(true);
    expect(result.sent).toEqual([]);
    expect(result.text).toMatch(/jobs\[0\]\.roles\[0\]\.endTime: ends .* before it starts/);
    expect(result.text).toMatch(/"2027-01-16T02:00"/);
  });

  it('a time the clocks skip (America/New_York, 2027-03-14 02:30), with the valid times around it', async () => {
    const result = await suite.see('create_jobs', {
      jobs: [
        job(
          { boardId: newYork, timezone: 'America/New_York', date: '2027-03-14' },
          { startTime: '2027-03-14T02:30', endTime: '2027-03-14T06:00' },
        ),
      ],
    });
    expect(result.isError).toBe(true);
    expect(result.sent).toEqual([]);
    expect(result.text).toMatch(
      /jobs\[0\]\.roles\[0\]\.startTime: 02:30 does not exist on 2027-03-14 in America\/New_York: clocks go from 02:00 to 03:00 \(-05:00 → -04:00\)/,
    );
    expect(result.text).toMatch(/\[DST_GAP\] Fix: Use "2027-03-14T03:30" or "2027-03-14T01:30"/);
  });

  it("suggests only start times on the job's date when the gap is at midnight (America/Santiago, rule 2)", async () => {
    const result = await suite.see('create_jobs', {
      jobs: [
        job(
          { timezone: 'America/Santiago', date: '2027-09-05' },
          { startTime: '2027-09-05T00:30', endTime: '2027-09-05T05:00' },
        ),
      ],
    });
    expect(result.isError).toBe(true);
    expect(result.sent).toEqual([]);
    expect(result.text).toMatch(/00:30 does not exist on 2027-09-05 in America\/Santiago/);
    expect(result.text).toMatch(
      /Fix: Use "2027-09-05T01:30", or any time outside 00:00–00:59 on 2027-09-05\./,
    );
    expect(result.text).not.toMatch(/2027-09-04/);
  });

  it('a breakPeriod given as text, in hours or not shorter than the role, with the unit and the fix (rule 6)', async () => {
    const text = await suite.see('create_jobs', { jobs: [job({}, { breakPeriod: '30' })] });
    expect(text.isError).toBe(true);
    expect(text.sent).toEqual([]);
    expect(text.text).toMatch(
      /breakPeriod: "30" is text; breakPeriod is a number of whole minutes\. Fix: Send breakPeriod: 30/,
    );
    const hours = await suite.see('create_jobs', { jobs: [job({}, { breakPeriod: 0.5 })] });
    expect(hours.text).toMatch(
      /breakPeriod: 0\.5 is not a whole number of minutes.*Fix: breakPeriod is in minutes: 0\.5 h is 30; send 30/s,
    );
    const tooLong = await suite.see('create_jobs', { jobs: [job({}, { breakPeriod: 300 })] });
    expect(tooLong.text).toMatch(/a 300-minute break is not shorter than the role \(300 min\)/);
    expect([...hours.sent, ...tooLong.sent]).toEqual([]);
  });

  it('days of a multi-day job in different timezones (rule 3)', async () => {
    const result = await suite.see('create_jobs', twoDays({}, { timezone: 'Europe/Paris' }));
    expect(result.isError).toBe(true);
    expect(result.sent).toEqual([]);
    expect(result.text).toMatch(
      /jobs\[1\]\.timezone: .* is in Europe\/Paris .* jobs\[0\] is in Europe\/London.*MULTI_DAY_TIMEZONE/s,
    );
    expect(result.text).not.toMatch(/§/);
    expect(result.rules.map((entry) => entry.rule)).toContain('§4.4 rule 3');
  });

  it('days of a multi-day job on different boards (§2.1)', async () => {
    const result = await suite.see(
      'create_jobs',
      twoDays({}, { boardId: newYork, timezone: 'Europe/London' }),
    );
    expect(result.isError).toBe(true);
    expect(result.sent).toEqual([]);
    expect(result.text).toMatch(
      /jobs\[1\]\.boardId: .* a multi-day job has one board\. \(a multi-day job belongs to exactly one board\) \[MULTI_DAY_BOARD\] Fix: Put every job of the multi-day job on one board/,
    );
  });

  it('neither or both of dataTypeId and dataTypeTitle (§2.3, §7)', async () => {
    const neither = await suite.see('create_jobs', {
      jobs: [job({}, requirement({ optionNames: ['English'], condition: 'ANY' }))],
    });
    expect(neither.isError).toBe(true);
    expect(neither.text).toMatch(/requirements\.dataType\[0\]: gives neither dataTypeId nor dataTypeTitle/);
    const both = await suite.see('create_jobs', {
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
    expect(both.text).toMatch(/exactly one of dataTypeId and dataTypeTitle/);
    expect(both.text).not.toMatch(/§/);
    expect(both.rules.map((entry) => entry.rule).join(' ')).toMatch(/§2\.3 dataType/);
    expect([...neither.sent, ...both.sent]).toEqual([]);
  });

  it('a dataType condition other than ALL/ANY/NONE and a roleType condition other than EQUAL (§2.3)', async () => {
    const dataType = await suite.see('create_jobs', {
      jobs: [
        job({}, requirement({ dataTypeTitle: 'Languages', optionNames: ['English'], condition: 'EQUAL' })),
      ],
    });
    expect(dataType.text).toMatch(
      /condition "EQUAL" is not valid for a dataType requirement.*Fix: EQUAL is for roleType requirements/s,
    );
    const roleType = await suite.see('create_jobs', {
      jobs: [job({}, { requirements: { roleType: { roleTypeId: '5', condition: 'ANY' } } })],
    });
    expect(roleType.isError).toBe(true);
    expect(roleType.text).toMatch(
      /roleType\.condition: condition "ANY" is not valid for a roleType requirement.*\(condition must be EQUAL\).*Fix: Use EQUAL/s,
    );
    const profile = await suite.see('create_jobs', {
      jobs: [job({}, { requirements: { profile: { profileIds: ['1'], condition: 'ALL' } } })],
    });
    expect(profile.text).toMatch(
      /profile\.condition: condition "ALL" is not valid for a profile requirement.*Fix: Use one of ANY, NONE/s,
    );
    expect([...dataType.sent, ...roleType.sent, ...profile.sent]).toEqual([]);
  });

  it('an unknown requirement kind or a kind of the wrong form', async () => {
    const result = await suite.see('create_jobs', {
      jobs: [
        job(
          {},
          {
            requirements: {
              dataTypes: [],
              labels: 'vip',
              genderRestriction: ['FEMALE'],
              ageRestriction: 18,
              distanceRestriction: { km: 5 },
            },
          },
        ),
      ],
    });
    expect(result.isError).toBe(true);
    expect(result.sent).toEqual([]);
    expect(result.text).toMatch(
      /requirements\.dataTypes: dataTypes is not a requirement kind.*Did you mean dataType\?/s,
    );
    expect(result.text).toMatch(/requirements\.labels: labels must be a list of strings/);
    // The tool schema names these kinds without their fields: the error shows them (docs/TOOL-TEXT.md).
    expect(result.text).toMatch(
      /genderRestriction: genderRestriction must be an object\. .*Fix: Send genderRestriction as an object \{ genders \}\./,
    );
    expect(result.text).toMatch(/Fix: Send ageRestriction as an object \{ minAge, maxAge \}\./);
    expect(result.text).toMatch(
      /distanceRestriction\.km: DistanceRestrictionInput has no field "km"\..*Fix: Use only maxDistanceKm\./,
    );
  });

  it('an ambiguous title, unknown titles and options, from the catalogue read once (every crew page) and reused', async () => {
    const fresh = await suite.connectAs();
    try {
      const { body } = await gql(
        suite.sandbox,
        '{ companyCrewAll(input: { perPage: 100 }) { pager { pageCount } } }',
      );
      const pages = body.data.companyCrewAll.pager.pageCount;
      const ambiguous = await fresh.see('create_jobs', {
        jobs: [
          job(
            {},
            requirement({ dataTypeTitle: 'Certifications', optionNames: ['Barista'], condition: 'ANY' }),
          ),
        ],
      });
      expect(ambiguous.isError).toBe(true);
      expect(ambiguous.text).toMatch(/dataTypeTitle: 2 data types are titled "Certifications"/);
      expect(ambiguous.text).toMatch(/Fix: Use dataTypeId instead of dataTypeTitle: one of \d+, \d+/);
      // Every page read; page 1, then the others together, 10 to a request (aliased reads).
      expect(operations(reads(ambiguous.sent))).toEqual(Array(pages).fill('companyCrewAll'));
      expect(ambiguous.sent).toHaveLength(1 + Math.ceil((pages - 1) / 10));
      const option = await fresh.see('create_jobs', {
        jobs: [
          job({}, requirement({ dataTypeTitle: 'Languages', optionNames: ['Klingon'], condition: 'ANY' })),
        ],
      });
      expect(option.text).toMatch(
        /optionNames\[0\]: "Klingon" is not an option of data type \d+ \("Languages"/,
      );
      expect(option.text).toMatch(/Fix: Use options of this data type: "English"/);
      const unknown = await fresh.see('create_jobs', {
        jobs: [
          job({}, requirement({ dataTypeTitle: 'Langauges', optionNames: ['English'], condition: 'ANY' })),
        ],
      });
      expect(unknown.text).toMatch(/no data type of the company is titled "Langauges"/);
      // Cached: no crew read again, and no mutation.
      expect([...option.sent, ...unknown.sent]).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});

describe("create_jobs: the platform's answer where a fact cannot be read", () => {
  it("a day's zone unknown locally (key without jobs:read): the platform refuses the multi-day timezones", async () => {
    const writer = await suite.connectAs('jobs-write-only');
    try {
      const result = await writer.see(
        'create_jobs',
        twoDays({ boardId: newYork, timezone: undefined }, { boardId: newYork, timezone: 'Europe/London' }),
      );
      expect(result.isError).toBe(true);
      expect(result.text).toMatch(/The platform rejected the change; nothing was written/);
      expect(result.text).toMatch(/jobs\[1\]\.timezone: jobs of a multi-day job share one timezone/);
      // The board read was refused (no jobs:read), then the mutation went.
      expect(operations(result.sent)).toEqual(['companyJobs', 'createJobs']);
    } finally {
      await writer.close();
    }
  });

  it("a DST-gap time when the board's zone is unknown: the platform's answer is what the model sees", async () => {
    const writer = await suite.connectAs('jobs-write-only');
    try {
      const result = await writer.see('create_jobs', {
        jobs: [
          job(
            { boardId: newYork, timezone: undefined, date: '2027-03-14' },
            { startTime: '2027-03-14T02:30', endTime: '2027-03-14T08:00' },
          ),
        ],
      });
      expect(result.isError).toBe(true);
      expect(result.text).toMatch(/jobs\[0\]\.roles\[0\]\.startTime: .*does not exist/);
      expect(operations(result.sent)).toEqual(['companyJobs', 'createJobs']);
    } finally {
      await writer.close();
    }
  });

  it('AMBIGUOUS and option answers with the lookup tool when the catalogue cannot be read (no crew:read)', async () => {
    const jobsOnly = await suite.connectAs('jobs-only');
    try {
      const ambiguous = await jobsOnly.see('create_jobs', {
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
      expect(operations(ambiguous.sent)).toEqual(['companyCrewAll', 'createJobs']);
      const option = await jobsOnly.see('create_jobs', {
        jobs: [
          job({}, requirement({ dataTypeTitle: 'Languages', optionNames: ['Klingon'], condition: 'ANY' })),
        ],
      });
      expect(option.text).toMatch(/optionNames\[0\]: "Klingon" is not an option of data type "Languages"/);
      expect(option.text).toMatch(/get_crew/);
      // A missing scope does not change: the catalogue is not asked again.
      expect(operations(option.sent)).toEqual(['createJobs']);
    } finally {
      await jobsOnly.close();
    }
  });

  it('says which lookup tool finds a board id the platform does not know', async () => {
    const result = await suite.see('create_jobs', { jobs: [job({ boardId: '999999' })] });
    expect(result.isError).toBe(true);
    expect(operations(result.sent)).toEqual(['createJobs']);
    expect(result.text).toMatch(
      /jobs\[0\]\.boardId: no board with id 999999 \[ITEM_NOT_FOUND\] Fix: list_jobs shows board ids/,
    );
  });
});

describe('create_jobs: declaration', () => {
  it('declares honest annotations; a key with jobs:write alone is offered it', async () => {
    const tool = await listedAs(suite, 'jobs-write-only', 'create_jobs');
    expect(tool?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: true,
    });
  });
});
