// The single registry of tools. Order here does not matter: the server lists tools sorted by name.
import type { ToolDefinition } from '../src/mcp/define-tool.js';
import { createCrew } from './create-crew.js';
import { createJobs } from './create-jobs.js';
import { createWebhook } from './create-webhook.js';
import { deleteWebhook } from './delete-webhook.js';
import { describeSchema } from './describe-schema.js';
import { findMatchingCrew } from './find-matching-crew.js';
import { findOpenRoles } from './find-open-roles.js';
import { getCrew } from './get-crew.js';
import { getCrewFile } from './get-crew-file.js';
import { graphqlQuery } from './graphql-query.js';
import { listCrew } from './list-crew.js';
import { listCrewFiles } from './list-crew-files.js';
import { listCrewJobs } from './list-crew-jobs.js';
import { listEvents } from './list-events.js';
import { listJobs } from './list-jobs.js';
import { listLeavers } from './list-leavers.js';
import { listWebhooks } from './list-webhooks.js';
import { planStaffingTool } from './plan-staffing.js';
import { planStaffingPage } from './plan-staffing-page.js';
import { reviewCrewSchedule } from './review-crew-schedule.js';
import { updateCrew } from './update-crew.js';
import { updateJobs } from './update-jobs.js';
import { updateProfileDataTypes } from './update-profile-data-types.js';
import { uploadCrewFile } from './upload-crew-file.js';

export const tools: Record<string, ToolDefinition> = {
  list_jobs: listJobs,
  list_crew_jobs: listCrewJobs,
  list_crew: listCrew,
  get_crew: getCrew,
  list_leavers: listLeavers,
  upload_crew_file: uploadCrewFile,
  list_crew_files: listCrewFiles,
  get_crew_file: getCrewFile,
  list_events: listEvents,
  list_webhooks: listWebhooks,
  create_webhook: createWebhook,
  delete_webhook: deleteWebhook,
  create_jobs: createJobs,
  update_jobs: updateJobs,
  create_crew: createCrew,
  update_crew: updateCrew,
  update_profile_data_types: updateProfileDataTypes,
  describe_schema: describeSchema,
  find_matching_crew: findMatchingCrew,
  find_open_roles: findOpenRoles,
  graphql_query: graphqlQuery,
  plan_staffing: planStaffingTool,
  plan_staffing_page: planStaffingPage,
  review_crew_schedule: reviewCrewSchedule,
} as Record<string, ToolDefinition>;

export const allTools: ToolDefinition[] = Object.values(tools);
