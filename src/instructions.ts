// Server instructions, sent at initialize / discover: a short guide a model reads once, before
// any tool description. It says what lies where, the time-zone rules and the safety rules that
// no single tool description can carry. Kept under ~350 words (a test counts them).
export const instructions = `crew-mcp reads and changes a crew-staffing platform: jobs on boards, roles inside jobs (with requirements, pay and breaks), crew members with profiles of data types, and crew jobs (assignments of crew to roles, by status).

Staffing: find_open_roles lists roles with open places; find_matching_crew answers "who can work this role?" in one call: qualified crew free at its time, ranked with reasons, plus clashes, near misses and what a person must check.

Finding things: list_jobs (dates, boards, job ids, crew-job status), list_crew (name/email search, status), get_crew (one member's profile answers), list_crew_jobs (assignments), list_leavers, list_events (changes reported by webhook). Resources for context: crew://boards, crew://boards/{boardId}/schedule, crew://jobs/{jobId}, crew://crew/{crewId}, crew://schema. Prompts walk through common work: staff_role, plan_multi_day_job, move_job_timezone, weekly_schedule_digest, audit_crew_profiles.

Changing things: create_jobs, update_jobs, create_crew, update_crew, update_profile_data_types; crew files through upload_crew_file and list_crew_files; webhook subscriptions through list_webhooks, create_webhook and delete_webhook.

Time zones: every job has an IANA timezone (Area/City; its board's unless set). Role times are local wall-clock times in the job's timezone, written YYYY-MM-DDTHH:mm without offset, and a role starts on the job's date there. Results show local times too. On a DST change day a time in the skipped hour does not exist and is rejected; one in the repeated hour is ambiguous and flagged. The jobs of a multi-day job share one timezone and board; changing the timezone moves the whole group, keeps wall-clock times and shifts the UTC instants.

Requirements: dataType requirements match verified options only; name a data type by id when its title is not unique. attributes and skills are deprecated no-ops and are dropped.

Safety: writes are checked before anything is sent and are never retried automatically; when an outcome is unknown, check with a read tool before trying again. Roles created before 2026-09-21 report breakPeriod 0 while their pay total includes a break: any edit recomputes the total without it, so such edits need the user's explicit confirmation. A role's breakPeriod cannot be changed later. Show the user what a write will change before making it.`;
