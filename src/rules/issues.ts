// Rule issues: what the rules report before any request leaves. One issue names the input path
// the caller wrote, the platform rule it breaks (cited from docs/platform-api.md), and a fix the
// model can apply. Errors block the request; warnings let it through and travel with the result.

export type Severity = 'error' | 'warning';

/** Every code the domain checks emit. */
export const ISSUE_CODES = [
  // time
  'INVALID_TIMEZONE',
  'INVALID_DATE',
  'INVALID_LOCAL_TIME',
  'OFFSET_NOT_ALLOWED',
  'DST_GAP',
  'DST_AMBIGUOUS',
  'NOT_ON_JOB_DATE',
  'END_BEFORE_START',
  'TOO_LONG',
  'INVALID_RANGE',
  // multi-day
  'MULTI_DAY_TIMEZONE',
  'MULTI_DAY_BOARD',
  'MULTI_DAY_UNKNOWN_TIMEZONE',
  'MULTI_DAY_SINGLE_JOB',
  'MULTI_DAY_GROUP_UPDATE',
  // requirements
  'DATA_TYPE_REF',
  'CONDITION',
  'OPTION_NAMES',
  'UNKNOWN_DATA_TYPE',
  'AMBIGUOUS_DATA_TYPE',
  'UNKNOWN_OPTION',
  'ROLE_TYPE',
  'PROFILE_REQUIREMENT',
  'AGE_RESTRICTION',
  'DISTANCE_RESTRICTION',
  'GENDER_RESTRICTION',
  'DEPRECATED_NOOP',
  // pay and breaks
  'BREAK_PERIOD',
  'BREAK_PERIOD_IMMUTABLE',
  'PAY_RATE',
  'LEGACY_BREAK_TOTAL',
  'PAY_CHANGE',
  'PAY_TYPE_MIX',
  'BOOKED_PAY_CUT',
  'BOOKED_SHIFT_MOVED',
  'CREW_CLASH',
  'CREW_SHORT_REST',
  'PENDING_SHIFT_MOVED',
  'ZERO_RATE',
  // crew data-type answers
  'DATA_TYPE_ANSWER',
  'DUPLICATE_ANSWER',
  'AMBIGUOUS_ANSWER_REF',
  'UNKNOWN_PROFILE',
  'UNIQUE_ID_TAKEN',
  'GLOBAL_DATA_TYPE',
  // input shape and references to what the platform has
  'FIXED_OFFSET_ZONE',
  'REQUIREMENT_KIND',
  'WHOLE_NUMBER',
  'DUPLICATE_ID',
  'UNKNOWN_JOB',
  'UNKNOWN_ROLE',
  'CREW_REF',
  'UNKNOWN_CREW',
] as const;

export type IssueCode = (typeof ISSUE_CODES)[number];

export interface RuleIssue {
  /** Input path as the caller wrote it, e.g. `jobs[0].roles[1].startTime`. */
  path: string;
  /** The platform rule, cited briefly, e.g. `§4.4 rule 2: role times are read in the job's timezone`. */
  rule: string;
  /** What is wrong; starts with the path so it reads on its own. */
  message: string;
  /** The same without the path, for lists that print the path themselves. */
  detail: string;
  /** What to send instead. */
  fix: string;
  severity: Severity;
  code: IssueCode;
}

export interface IssueSpec {
  path: string;
  code: IssueCode;
  rule: string;
  /** The problem, without the path (it is prefixed). */
  detail: string;
  fix: string;
}

function compose(spec: IssueSpec, severity: Severity): RuleIssue {
  return {
    path: spec.path,
    rule: spec.rule,
    message: spec.path ? `${spec.path}: ${spec.detail}` : spec.detail,
    detail: spec.detail,
    fix: spec.fix,
    severity,
    code: spec.code,
  };
}

export function errorIssue(spec: IssueSpec): RuleIssue {
  return compose(spec, 'error');
}

export function warningIssue(spec: IssueSpec): RuleIssue {
  return compose(spec, 'warning');
}

/** `joinPath('jobs', 0)` → `jobs[0]`; `joinPath('jobs[0]', 'roles')` → `jobs[0].roles`; empty base → key. */
export function joinPath(base: string, ...keys: (string | number)[]): string {
  let out = base;
  for (const key of keys) {
    if (typeof key === 'number') out = `${out}[${key}]`;
    else out = out ? `${out}.${key}` : key;
  }
  return out;
}

export function hasErrors(issues: readonly RuleIssue[]): boolean {
  return issues.some((issue) => issue.severity === 'error');
}

export function errorsOf(issues: readonly RuleIssue[]): RuleIssue[] {
  return issues.filter((issue) => issue.severity === 'error');
}

export function warningsOf(issues: readonly RuleIssue[]): RuleIssue[] {
  return issues.filter((issue) => issue.severity === 'warning');
}

/** Errors first, then warnings, each group in input order; exact duplicates dropped. */
export function sortIssues(issues: readonly RuleIssue[]): RuleIssue[] {
  const seen = new Set<string>();
  const unique = issues.filter((issue) => {
    const key = `${issue.severity}|${issue.code}|${issue.path}|${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return [...errorsOf(unique), ...warningsOf(unique)];
}

/** A check that yields a value when it passes; `issues` may hold warnings even then. */
export type Checked<T> = { ok: true; value: T; issues: RuleIssue[] } | { ok: false; issues: RuleIssue[] };

/**
 * A reference into the platform's document ahead of a rule's words (`§4.4 rule 7: `, `§2.2 and
 * §4.4 rule 9: `, also after a `; ` that joins two rules), one in brackets (`(§7: ...)`), and our
 * note on what the document leaves open (`[assumed ...]`).
 */
const LEADING_REFERENCE = /(^|;\s*)([^:;(]*§[^:;(]*):\s*/g;
const INLINE_REFERENCE = /\s*\((§[^)]*)\)/g;
const ASSUMED_NOTE = /\s*\[assumed[^\]]*\]/g;

/**
 * A rule as a coordinator reads it: its words, without the document's section numbers or our
 * notes on what the document leaves open. Users never saw the document; its references go to
 * the structured data of an answer (ruleReference) and docs/RULES.md.
 */
export function ruleWords(rule: string): string {
  return rule
    .replace(LEADING_REFERENCE, '$1')
    .replace(INLINE_REFERENCE, (_whole, inside: string) => {
      const words = inside.replace(/^§[^:]*:?\s*/, '');
      return words ? ` (${words})` : '';
    })
    .replace(ASSUMED_NOTE, '')
    .trim();
}

/** The rule's places in the platform's document, e.g. `§4.4 rule 7`; the whole rule when it cites none. */
export function ruleReference(rule: string): string {
  const references = [
    ...[...rule.matchAll(LEADING_REFERENCE)].map((match) => match[2]!.trim()),
    ...[...rule.matchAll(INLINE_REFERENCE)].map((match) => match[1]!.trim()),
  ];
  return references.length ? references.join('; ') : rule;
}
