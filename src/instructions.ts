// Server instructions, sent at initialize / discover: a short guide a model reads once, before
// any tool description. It says what lies where, the time-zone rules, the conventions every list
// tool shares (dates, pages, scopes) and the safety rules that no single tool description can
// carry; the tool descriptions leave these out to save tokens (docs/TOOL-TEXT.md), so a client
// that drops the instructions still finds each rule in a tool's error or in describe_schema. Kept
// under ~350 words (a test counts them).
export const instructions = `crew-mcp reads and changes a crew-staffing platform: jobs on boards, roles inside jobs (with requirements, pay and breaks), crew members with profiles of data types, and crew jobs (assignments of crew to roles, by status).

Staffing: find_open_roles lists roles with open places; find_matching_crew answers "who can work this role?" in one call: qualified crew free at its time, ranked with reasons, plus clashes, near misses and what a person must check; review_crew_schedule gives each person's hours, clashes, short rests and unmet requirements over days. The platform's API has no operation to book or invite crew: propose people, and the coordinator books them in the platform.

Context: resources crew://boards, crew://boards/{boardId}/schedule, crew://jobs/{jobId}, crew://crew/{crewId}, crew://schema; prompts staff_role, plan_multi_day_job, move_job_timezone, weekly_schedule_digest, audit_crew_profiles. describe_schema shows any operation or input type with its rules.

List tools such as list_jobs: from/to take a date (YYYY-MM-DD, a whole day) or an ISO date-time. Pages: page and perPage (at most 100), or allPages up to maxItems. Tools your key may not use are not listed.

Time zones: every job has an IANA timezone (Area/City; its board's unless set). Role times are local wall-clock times in the job's timezone, written YYYY-MM-DDTHH:mm without offset, and a role starts on the job's date there. On a DST change day a skipped time is rejected and a repeated one flagged. The jobs of a multi-day job (create_jobs with multiDay) share one timezone and board; a new timezone moves the whole group, keeping wall-clock times and shifting the UTC instants.

Requirements: dataType requirements match verified options only; name a data type by id when its title is not unique. attributes and skills are deprecated no-ops and are dropped.

Safety: writes are checked before anything is sent and are never retried automatically; when an outcome is unknown, check with a read tool before trying again. Roles created before 2026-09-21 report breakPeriod 0 while their pay total includes a break: any edit recomputes the total without it, so such edits need the user's explicit confirmation. A role's breakPeriod cannot be changed later. Preview a write with dryRun and show the user what it changes first.`;
