// Time rules of the platform, checked locally (luxon for the zone data only).
//
// Role times on createJobs/updateJobs are wall-clock local times `YYYY-MM-DDTHH:mm[:ss]` read in
// the job's IANA timezone (§2.2, §4.4 rules 1-2). Two wall-clock times are not plain instants:
// - a DST gap: the local time does not exist (clocks jump over it). We reject it, naming the
//   valid times on either side, rather than let the platform shift it silently.
// - a DST overlap: the local time happens twice. The platform uses the earlier offset (the first
//   occurrence, the offset in force before the clocks go back). luxon picks the later one, so the
//   resolution is our own (time/dst.ts).
// Read filters take a user's date or date-time by the same rules (time/read-range.ts); views show
// an instant as the wall clock of the job's zone, with the offset when that clock is ambiguous.
//
// This module only gathers the public names of src/rules/time/. clock.ts, text-forms.ts and
// zone-aliases.ts there are internal and not re-exported.

export * from './time/dst.js';
export * from './time/instants.js';
export * from './time/parse-local.js';
export * from './time/read-range.js';
export * from './time/role-times.js';
export * from './time/timezone-change.js';
export * from './time/wall-clock.js';
export * from './time/zones.js';
