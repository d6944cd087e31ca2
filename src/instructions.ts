// Server instructions, sent at initialize / discover: a short guide a model reads once.
export const instructions = `crew-mcp reads and changes a crew-staffing platform: jobs on boards, roles inside jobs, crew members with profiles, and crew jobs (assignments of crew to roles).

Finding things: list_jobs (by dates, boards, status), list_crew (search by name/email), get_crew (one member's profile answers), list_crew_jobs (assignments), list_leavers.

Time zones: every job has an IANA timezone (its board's unless set). Role times are local wall-clock times in the job's timezone and the role must start on the job's date there. A time that does not exist on a DST change day is rejected; an ambiguous one is flagged. The jobs of a multi-day job share one timezone; changing it moves the whole group and keeps wall-clock times.

Safety: writes are checked before anything is sent and are never retried automatically. Roles created before 2026-09-21 report breakPeriod 0 while their pay total includes a break: editing them recomputes the total without it, so such edits need explicit confirmation. Deprecated attributes/skills inputs do nothing and are dropped.`;
