// How a mutation's checker answers (src/rules/mutations/): it is a pure function of the input and
// the facts read so far, and says one of three things:
//   refuse  — the input breaks a rule; the issues name the field, the rule and the fix;
//   need    — nothing is wrong that can be known yet, and these facts would tell more;
//   send    — the payload to send, the warnings and notes for the result, and the confirmation
//             the user must give first, if any.
// It asks for facts only when it has found no error, so an invalid input costs no read; a fact
// that was read but could not be had (a missing scope, an unknown board) is `null`, and the
// checker then says in a note what the platform alone will check.

import type { UpstreamCrewProfile, UpstreamJob } from '../contract/upstream.js';
import type { KnownDataType } from './data-types.js';
import { errorsOf, hasErrors, type RuleIssue, warningsOf } from './issues.js';
import type { DroppedInput } from './requirements.js';

/** What is known of the platform. `undefined`: not read yet; `null`: read, but unavailable. */
export interface Facts {
  /** Board timezones by board id; a board absent from the map is not read yet, `null` could not be read. */
  boardZones: ReadonlyMap<string, string | null>;
  /** The company's data types, from crew profiles (src/lookups/data-types.ts). */
  catalogue?: readonly KnownDataType[] | null;
  /** The jobs an update names, by id, as the platform has them now; an id missing after the read does not exist. */
  jobs?: ReadonlyMap<string, UpstreamJob>;
  /** Every job of a multi-day group, by multiDayJobId, whatever the group's span. */
  groups?: ReadonlyMap<string, readonly UpstreamJob[]>;
  /** The crew member an update names, with every profile and data type; `missing` when there is none. */
  crewMember?: UpstreamCrewProfile | 'missing' | null;
}

/** Facts a checker asks for. */
export interface FactRequest {
  boards?: string[];
  catalogue?: boolean;
  jobs?: string[];
  /** The groups of these jobs (each has a multiDayJobId). */
  groupsOf?: UpstreamJob[];
  crewMember?: { crewId?: number; crewEmail?: string };
}

/** A change the user (not the model) should agree to before it is sent. */
export interface Confirmation {
  /** What the change does, in one clause: "it would change the pay total of 2 role(s) as a side effect". */
  summary: string;
  /** The question a person is asked (elicitation). */
  question: string;
  /** One per affected item: its path, what happens to it, and how to keep it from happening. */
  items: RuleIssue[];
  /** What the result says once it was confirmed and sent. */
  confirmed: string;
}

export interface Plan<P> {
  kind: 'send';
  payload: P;
  /** Warnings for the result: true before and after sending. */
  warnings: RuleIssue[];
  /** Deprecated no-op inputs left out of the payload. */
  dropped: DroppedInput[];
  /** What the result should say about checks that could not be made, or side effects. */
  notes: string[];
  confirm?: Confirmation;
}

export type Verdict<P, X = unknown> =
  /** The errors that stop the call (never empty). */
  { kind: 'refuse'; issues: RuleIssue[] } | { kind: 'need'; request: FactRequest } | (Plan<P> & X);

/** Refuse (with the errors) when any issue is an error; otherwise ask for the missing facts, if any are. */
export function refuseOrNeed(
  issues: readonly RuleIssue[],
  request: FactRequest | undefined,
): { kind: 'refuse'; issues: RuleIssue[] } | { kind: 'need'; request: FactRequest } | undefined {
  if (hasErrors(issues)) return { kind: 'refuse', issues: errorsOf(issues) };
  if (request && Object.values(request).some((value) => value !== undefined && value !== false))
    return { kind: 'need', request };
  return undefined;
}

type PlanExtras<P> = Partial<Omit<Plan<P>, 'kind' | 'payload' | 'warnings'>>;

/** The plan to send, with the warnings among `issues` and whatever else the checker adds. */
export function plan<P, X extends PlanExtras<P> = PlanExtras<P>>(
  payload: P,
  issues: readonly RuleIssue[],
  rest?: X,
): Plan<P> & X {
  return { kind: 'send', payload, warnings: warningsOf(issues), dropped: [], notes: [], ...rest } as Plan<P> &
    X;
}
