// What find_matching_crew staffs (src/staffing/match-target.ts), against the sandbox through the app's
// lookups: a role read with its job (its own time, its booked places), requirements checked and
// resolved with an optional time shown in its zone, refusals naming the field and the fix before
// any read, and the crew jobs read only when there is a time.
import { describe, expect, it } from 'vitest';
import type { ToolContext } from '../../src/mcp/define-tool.js';
import { UserInputError } from '../../src/mcp/errors.js';
import {
  assignmentsFor,
  checkMatchRequest,
  requirementsTarget,
  roleTarget,
} from '../../src/staffing/match-target.js';
import { useConnectedSandbox } from '../helpers/connected-sandbox.js';
import type { AnyResult } from '../helpers/mcp.js';
import { requestsDuring } from '../helpers/sandbox.js';

const suite = useConnectedSandbox();

/** The part of a tool's context the target reads: the app's lookups and a signal. */
const context = () =>
  ({ lookups: suite.connected.app.context.lookups, signal: new AbortController().signal }) as ToolContext;

async function anOpenRole(): Promise<{ jobId: string; roleId: string; title: string }> {
  const { data } = await suite.call('find_open_roles', {});
  const [role] = data.roles as AnyResult[];
  return { jobId: String(role.jobId), roleId: String(role.roleId), title: role.title };
}

describe('match target', () => {
  it('refuses a request of both kinds before anything is read, naming the field', () => {
    const refusal = (() => {
      try {
        checkMatchRequest({ jobId: '1', roleId: '2', requirements: {} });
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(UserInputError);
    expect((refusal as UserInputError).problems).toEqual([
      expect.objectContaining({ path: 'requirements', fix: 'Drop requirements to match the role as saved.' }),
    ]);
    expect(() => checkMatchRequest({ requirements: {}, statuses: ['ZOMBIE'] })).toThrow(
      /ZOMBIE is not a crew status/,
    );
  });

  it('reads a role at its own time, with its requirements', async () => {
    const open = await anOpenRole();
    const target = await roleTarget(open.jobId, open.roleId, context());
    expect(target.role).toMatchObject({ jobId: open.jobId, roleId: open.roleId });
    expect(target.slot.roleId).toBe(open.roleId);
    expect(target.slot.window?.endMs).toBeGreaterThan(target.slot.window?.startMs ?? Infinity);
    expect(target.notes).toEqual([]);
    const { result, sent } = await requestsDuring(suite.sandbox, () => assignmentsFor(target, context()));
    expect(result.truncated).toBe(false);
    expect(sent.map((request) => request.kind === 'graphql' && request.operation)).toContain(
      'companyCrewJobs',
    );
  });

  it('names the roles a job has when the role is not one of them', async () => {
    const open = await anOpenRole();
    await expect(roleTarget(open.jobId, '999999', context())).rejects.toThrow(
      new RegExp(`Job ${open.jobId} has no role 999999`),
    );
  });

  it('takes requirements with a time in a zone, and says when availability is not checked', async () => {
    const timed = await requirementsTarget(
      {
        requirements: { tags: ['priority'] },
        startTime: '2027-01-15T18:00',
        endTime: '2027-01-15T23:00',
        timezone: 'Europe/London',
      },
      context(),
    );
    expect(timed.window).toBe('2027-01-15 18:00-23:00 Europe/London');
    expect(timed.requirements).toMatchObject({ tags: ['priority'] });
    const untimed = await requirementsTarget({ requirements: { tags: ['x'] } }, context());
    expect(untimed.slot).toEqual({});
    expect(untimed.notes).toEqual([
      'Availability not checked: give startTime and endTime to leave out crew booked then.',
    ]);
    const { result, sent } = await requestsDuring(suite.sandbox, () => assignmentsFor(untimed, context()));
    expect(result).toEqual({ assignments: [], truncated: false });
    expect(sent).toEqual([]);
  });

  it('refuses requirements of the wrong shape before any read', async () => {
    const { result, sent } = await requestsDuring(suite.sandbox, () =>
      requirementsTarget({ requirements: { dataType: 'Languages' } }, context()).catch((error) => error),
    );
    expect(result).toBeInstanceOf(UserInputError);
    expect(result.problems.map((problem: { path: string }) => problem.path)).toContain(
      'requirements.dataType',
    );
    expect(sent).toEqual([]);
  });
});
