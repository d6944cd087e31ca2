// What "who can work this?" may be asked with besides an existing role: requirements in the shape
// a createJobs role takes (§2.3, checked by the same rules as create_jobs) and an optional time.
// A requirement names its data type by id or by title; matching needs the id, so titles are
// resolved against the company's data types (an ambiguous title is refused, as §7 refuses it).
// Deprecated attributes/skills are dropped: they match nothing on the platform (§4.4 rule 10).

import type { TimeWindow } from './availability.js';
import { type Checked, errorIssue, type RuleIssue } from './issues.js';
import type { RequirementsToMatch } from './matching.js';
import {
  type CatalogueDataType,
  checkRoleRequirements,
  type DroppedInput,
  type RoleRequirementsInput,
  resolveRequirementDataType,
  stripDeprecatedRoleRequirements,
} from './requirements.js';
import { checkTimeZone, toEpochMs } from './time.js';

export const RULE_MATCH_WINDOW = 'find_matching_crew: startTime before endTime, both given or neither';

/** The requirements with the deprecated no-ops removed, checked by shape (no data types needed). */
export function checkRequirementsShape(
  requirements: RoleRequirementsInput,
  path = 'requirements',
): { value: RoleRequirementsInput; dropped: DroppedInput[]; issues: RuleIssue[] } {
  const stripped = stripDeprecatedRoleRequirements(requirements, path);
  return {
    value: stripped.value,
    dropped: stripped.dropped,
    issues: checkRoleRequirements(stripped.value, { path }),
  };
}

/**
 * The requirements as matching reads them, every dataType entry resolved to its data type id and
 * title. `catalogue` is the company's data types; without it, entries must name dataTypeId.
 */
export function resolveMatchRequirements(
  requirements: RoleRequirementsInput,
  catalogue: readonly CatalogueDataType[] | undefined,
  path = 'requirements',
): Checked<RequirementsToMatch> {
  const issues = checkRoleRequirements(requirements, { path, catalogue });
  const dataType: NonNullable<RequirementsToMatch['dataType']>[number][] = [];
  (requirements.dataType ?? []).forEach((entry, index) => {
    const entryPath = `${path}.dataType[${index}]`;
    const resolved = resolveRequirementDataType(entry, catalogue, entryPath);
    if (!resolved.ok) return;
    const id = resolved.value?.id ?? entry.dataTypeId;
    if (id === undefined || id === null || id === '') {
      issues.push(
        errorIssue({
          path: `${entryPath}.dataTypeTitle`,
          code: 'UNKNOWN_DATA_TYPE',
          rule: '§2.3 dataType: the requirement names one data type',
          detail: `the company's data types could not be read, so the title "${entry.dataTypeTitle}" cannot be resolved.`,
          fix: 'Give dataTypeId instead (get_crew lists data types with their ids).',
        }),
      );
      return;
    }
    dataType.push({
      dataTypeId: String(id),
      dataTypeTitle: resolved.value?.title ?? entry.dataTypeTitle ?? null,
      optionNames: [...(entry.optionNames ?? [])],
      condition: String(entry.condition),
    });
  });
  if (issues.some((issue) => issue.severity === 'error')) return { ok: false, issues };
  const value: RequirementsToMatch = {
    dataType,
    roleType: requirements.roleType
      ? {
          roleTypeId: String(requirements.roleType.roleTypeId),
          condition: String(requirements.roleType.condition),
        }
      : null,
    profile: requirements.profile
      ? {
          profileIds: (requirements.profile.profileIds ?? []).map(String),
          condition: String(requirements.profile.condition),
        }
      : null,
    ageRestriction: requirements.ageRestriction ?? null,
    distanceRestriction:
      typeof requirements.distanceRestriction?.maxDistanceKm === 'number'
        ? { maxDistanceKm: requirements.distanceRestriction.maxDistanceKm }
        : null,
    genderRestriction: requirements.genderRestriction?.genders
      ? { genders: [...requirements.genderRestriction.genders] }
      : null,
    labels: requirements.labels ?? null,
    tags: requirements.tags ?? null,
  };
  return { ok: true, value, issues };
}

export interface WindowInput {
  startTime?: string;
  endTime?: string;
  /** IANA zone of wall-clock times (YYYY-MM-DDTHH:mm); ISO times with an offset need none. */
  timezone?: string;
}

function windowIssue(path: string, detail: string, fix: string): RuleIssue {
  return errorIssue({ path, code: 'INVALID_RANGE', rule: RULE_MATCH_WINDOW, detail, fix });
}

/** The time to check availability for, as UTC instants; undefined when no time is given. */
export function parseMatchWindow(input: WindowInput): Checked<TimeWindow | undefined> {
  const { startTime, endTime, timezone } = input;
  if (startTime === undefined && endTime === undefined) {
    if (timezone === undefined) return { ok: true, value: undefined, issues: [] };
    return {
      ok: false,
      issues: [
        windowIssue(
          'timezone',
          'timezone is given without startTime and endTime.',
          'Add startTime and endTime, or drop timezone.',
        ),
      ],
    };
  }
  if (startTime === undefined || endTime === undefined) {
    const missing = startTime === undefined ? 'startTime' : 'endTime';
    return {
      ok: false,
      issues: [
        windowIssue(
          missing,
          `${missing} is missing; availability needs both ends.`,
          `Give ${missing} too, or drop both.`,
        ),
      ],
    };
  }
  if (timezone !== undefined && timezone !== 'UTC') {
    const zoneIssues = checkTimeZone(timezone, 'timezone');
    if (zoneIssues.length) return { ok: false, issues: zoneIssues };
  }
  const read = (value: string, path: string): number | RuleIssue => {
    try {
      return toEpochMs(value, timezone);
    } catch {
      return windowIssue(
        path,
        `${JSON.stringify(value)} is not a time ${timezone ? '' : 'with an offset '}that can be read.`,
        timezone
          ? `Write it as YYYY-MM-DDTHH:mm (local in ${timezone}), e.g. "2026-12-01T18:00".`
          : 'Give timezone (IANA) with local times YYYY-MM-DDTHH:mm, or ISO times with an offset, e.g. "2026-12-01T18:00+00:00".',
      );
    }
  };
  const start = read(startTime, 'startTime');
  const end = read(endTime, 'endTime');
  const issues = [start, end].filter((value): value is RuleIssue => typeof value !== 'number');
  if (issues.length) return { ok: false, issues };
  if ((end as number) <= (start as number)) {
    return {
      ok: false,
      issues: [
        windowIssue(
          'endTime',
          `endTime ${endTime} is not after startTime ${startTime}.`,
          'Give an endTime after startTime (the next day for a night shift).',
        ),
      ],
    };
  }
  return { ok: true, value: { startMs: start as number, endMs: end as number }, issues: [] };
}

/** What a "who can work this?" request names: a role, or requirements with an optional time. */
export interface MatchRequest extends WindowInput {
  jobId?: string;
  roleId?: string;
  requirements?: Record<string, unknown>;
  statuses?: string[];
  limit?: number;
  crewIds?: number[];
}

/** The most matches one answer lists. */
export const MAX_MATCH_LIMIT = 100;

/** A request refused before any read: the message, the field it is about, and the fix. */
export interface MatchRequestProblem {
  message: string;
  path: string;
  fix: string;
}

/**
 * Which of the two ways to ask was used, and nothing of the other; statuses among `crewStatuses`.
 * The first problem found, or null.
 */
export function matchRequestProblem(
  input: MatchRequest,
  crewStatuses: readonly string[],
): MatchRequestProblem | null {
  const byRole = input.jobId !== undefined || input.roleId !== undefined;
  if (byRole && input.requirements)
    return {
      message: 'Give either jobId and roleId, or requirements, not both.',
      path: 'requirements',
      fix: 'Drop requirements to match the role as saved.',
    };
  if (!byRole && !input.requirements)
    return {
      message: 'Say what to staff: jobId and roleId of a role, or requirements.',
      path: 'jobId',
      fix: 'find_open_roles lists roles with open places and their jobId and roleId.',
    };
  if (byRole && (input.jobId === undefined || input.roleId === undefined)) {
    const missing = input.jobId === undefined ? 'jobId' : 'roleId';
    return {
      message: `${missing} is missing: a role is named by jobId and roleId.`,
      path: missing,
      fix: 'find_open_roles or list_jobs shows both.',
    };
  }
  if (input.statuses?.length === 0)
    return {
      message: 'statuses is empty: no crew would be considered.',
      path: 'statuses',
      fix: 'Leave it out for ACTIVE and APPROVED crew.',
    };
  const unknown = (input.statuses ?? []).filter((status) => !crewStatuses.includes(status));
  if (unknown.length)
    return {
      message: `statuses: ${unknown.join(', ')} ${unknown.length === 1 ? 'is not a crew status' : 'are not crew statuses'}.`,
      path: 'statuses',
      fix: `Use ${crewStatuses.join(', ')}.`,
    };
  const timeField = (['startTime', 'endTime', 'timezone'] as const).find((key) => input[key] !== undefined);
  if (byRole && timeField)
    return {
      message: `${timeField} is only for requirements: a role is checked at its own time.`,
      path: timeField,
      fix: `Drop ${timeField}.`,
    };
  if (input.limit !== undefined && !(input.limit >= 1 && input.limit <= MAX_MATCH_LIMIT))
    return {
      message: `limit ${input.limit} is out of range.`,
      path: 'limit',
      fix: `Give 1 to ${MAX_MATCH_LIMIT} (default 20).`,
    };
  if (input.crewIds?.length === 0)
    return {
      message: 'crewIds is empty: no crew to ask about.',
      path: 'crewIds',
      fix: 'Leave it out for all crew.',
    };
  if ((input.crewIds?.length ?? 0) > MAX_MATCH_LIMIT)
    return {
      message: `crewIds names ${input.crewIds!.length} crew; one answer judges at most ${MAX_MATCH_LIMIT}.`,
      path: 'crewIds',
      fix: `Ask about ${MAX_MATCH_LIMIT} or fewer, or leave it out for the ranked list.`,
    };
  return null;
}
