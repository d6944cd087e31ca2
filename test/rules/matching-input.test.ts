// What find_matching_crew may be asked with instead of a role (src/rules/matching-input.ts):
// create_jobs-shaped requirements, resolved to data type ids, and an optional time window.
import { describe, expect, it } from 'vitest';
import {
  checkRequirementsShape,
  matchRequestProblem,
  parseMatchWindow,
  resolveMatchRequirements,
} from '../../src/rules/matching-input.js';

const CATALOGUE = [
  { id: '7', title: 'Languages', options: ['English', 'Spanish', 'French'] },
  { id: '20', title: 'Certifications', options: ['Barista'] },
  { id: '30', title: 'Certifications', options: ['SIA CCTV'] },
];

describe('resolveMatchRequirements', () => {
  it('resolves a title to its data type id and keeps the other kinds', () => {
    const resolved = resolveMatchRequirements(
      {
        dataType: [{ dataTypeTitle: 'Languages', optionNames: ['English'], condition: 'ANY' }],
        roleType: { roleTypeId: 105, condition: 'EQUAL' },
        tags: ['priority'],
      },
      CATALOGUE,
    );
    expect(resolved).toMatchObject({
      ok: true,
      value: {
        dataType: [
          { dataTypeId: '7', dataTypeTitle: 'Languages', optionNames: ['English'], condition: 'ANY' },
        ],
        roleType: { roleTypeId: '105', condition: 'EQUAL' },
        tags: ['priority'],
      },
    });
  });

  it('refuses an ambiguous title, an unknown option and a bad condition, as create_jobs does', () => {
    const resolved = resolveMatchRequirements(
      {
        dataType: [
          { dataTypeTitle: 'Certifications', optionNames: ['Barista'], condition: 'ANY' },
          { dataTypeId: '7', optionNames: ['Klingon'], condition: 'any' },
        ],
      },
      CATALOGUE,
    );
    expect(resolved.ok).toBe(false);
    expect(resolved.issues.map((issue) => issue.code).sort()).toEqual([
      'AMBIGUOUS_DATA_TYPE',
      'CONDITION',
      'UNKNOWN_OPTION',
    ]);
    expect(resolved.issues.find((issue) => issue.code === 'AMBIGUOUS_DATA_TYPE')?.fix).toMatch(/20, 30/);
  });

  it('without the catalogue, a title cannot be resolved and says to use dataTypeId', () => {
    const resolved = resolveMatchRequirements(
      { dataType: [{ dataTypeTitle: 'Languages', optionNames: ['English'], condition: 'ANY' }] },
      undefined,
    );
    expect(resolved.ok).toBe(false);
    expect(resolved.issues[0]).toMatchObject({
      path: 'requirements.dataType[0].dataTypeTitle',
      code: 'UNKNOWN_DATA_TYPE',
    });
    expect(resolved.issues[0]?.fix).toMatch(/dataTypeId/);
  });

  it('drops the deprecated skills and attributes and reports them', () => {
    const shape = checkRequirementsShape({
      skills: ['Cash handling'],
      roleType: { roleTypeId: '1', condition: 'EQUAL' },
    });
    expect(shape.value).toEqual({ roleType: { roleTypeId: '1', condition: 'EQUAL' } });
    expect(shape.dropped.map((entry) => entry.path)).toEqual(['requirements.skills']);
    expect(shape.issues.filter((issue) => issue.severity === 'error')).toEqual([]);
  });
});

describe('parseMatchWindow', () => {
  it('reads local wall-clock times in the timezone as UTC instants', () => {
    const parsed = parseMatchWindow({
      startTime: '2026-11-28T18:00',
      endTime: '2026-11-29T01:30',
      timezone: 'America/New_York',
    });
    expect(parsed).toEqual({
      ok: true,
      value: { startMs: Date.parse('2026-11-28T23:00:00Z'), endMs: Date.parse('2026-11-29T06:30:00Z') },
      issues: [],
    });
  });

  it('reads ISO times with an offset without a timezone', () => {
    const parsed = parseMatchWindow({
      startTime: '2026-11-28T18:00+05:30',
      endTime: '2026-11-28T20:00+05:30',
    });
    expect(parsed.ok && parsed.value).toEqual({
      startMs: Date.parse('2026-11-28T12:30:00Z'),
      endMs: Date.parse('2026-11-28T14:30:00Z'),
    });
  });

  it('is no window at all when no time is given', () => {
    expect(parseMatchWindow({})).toEqual({ ok: true, value: undefined, issues: [] });
  });

  it.each([
    [{ startTime: '2026-11-28T18:00', timezone: 'Europe/London' }, 'endTime', /endTime is missing/],
    [{ timezone: 'Europe/London' }, 'timezone', /without startTime/],
    [{ startTime: '2026-11-28T18:00', endTime: '2026-11-28T20:00' }, 'startTime', /with an offset/],
    [
      { startTime: '2026-11-28T18:00', endTime: '2026-11-28T17:00', timezone: 'Europe/London' },
      'endTime',
      /not after/,
    ],
    [
      { startTime: '2026-11-28T18:00', endTime: '2026-11-28T20:00', timezone: 'CET' },
      'timezone',
      /IANA|timezone/,
    ],
  ])('refuses %j, naming %s', (input, path, message) => {
    const parsed = parseMatchWindow(input);
    expect(parsed.ok).toBe(false);
    expect(parsed.issues[0]?.path).toBe(path);
    expect(parsed.issues[0]?.message).toMatch(message);
    expect(parsed.issues[0]?.fix.length).toBeGreaterThan(10);
  });
});

describe('matchRequestProblem', () => {
  const STATUSES = ['ACTIVE', 'APPROVED', 'LEAVER'];
  const problem = (input: Parameters<typeof matchRequestProblem>[0]) => matchRequestProblem(input, STATUSES);

  it('takes a role (jobId and roleId) or requirements, with known statuses', () => {
    expect(problem({ jobId: '1', roleId: '2' })).toBeNull();
    expect(problem({ requirements: {}, startTime: 'x', endTime: 'y', timezone: 'UTC' })).toBeNull();
    expect(problem({ jobId: '1', roleId: '2', statuses: ['LEAVER'] })).toBeNull();
  });

  it('names the field and the fix of the first problem', () => {
    expect(problem({ jobId: '1', roleId: '2', requirements: {} })).toEqual({
      message: 'Give either jobId and roleId, or requirements, not both.',
      path: 'requirements',
      fix: 'Drop requirements to match the role as saved.',
    });
    expect(problem({})).toMatchObject({ path: 'jobId', fix: expect.stringMatching(/find_open_roles/) });
    expect(problem({ roleId: '2' })).toMatchObject({
      path: 'jobId',
      message: expect.stringMatching(/^jobId is missing/),
    });
    expect(problem({ jobId: '1' })).toMatchObject({ path: 'roleId' });
    expect(problem({ requirements: {}, statuses: [] })).toMatchObject({
      path: 'statuses',
      message: expect.stringMatching(/empty/),
    });
    expect(problem({ requirements: {}, statuses: ['ACTIVE', 'GONE', 'LOST'] })).toEqual({
      message: 'statuses: GONE, LOST are not crew statuses.',
      path: 'statuses',
      fix: 'Use ACTIVE, APPROVED, LEAVER.',
    });
    expect(problem({ jobId: '1', roleId: '2', timezone: 'UTC' })).toMatchObject({
      path: 'timezone',
      message: 'timezone is only for requirements: a role is checked at its own time.',
    });
  });
});
