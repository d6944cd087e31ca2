// The change a job write makes to each role (src/rules/booked-changes.ts RoleChange), as the
// write tools report it: one shape for a dry run and for the real call, so the two compare.
import { z } from 'zod';
import type { AffectedPerson } from '../rules/move-clashes.js';

const timeChange = z.object({
  before: z.string().optional(),
  after: z.string(),
  beforeUtc: z.string().optional(),
  afterUtc: z.string(),
});
const amountChange = z.object({ before: z.number().optional(), after: z.number() });

export const roleChangeSchema = z.object({
  roleId: z.string().optional(),
  jobId: z.string().optional(),
  path: z.string().optional().describe('The input role (create_jobs)'),
  title: z.string(),
  payType: z.string(),
  start: timeChange.optional().describe('Local wall clock in the job zone, and UTC'),
  end: timeChange.optional(),
  payRate: amountChange.optional(),
  total: amountChange.optional().describe('Pay per person'),
  booked: z.number().optional(),
  pending: z.number().optional(),
  effects: z.array(z.string()).optional(),
});

/** What a dry run adds: it sent nothing, and what the real call would need the user to confirm. */
export const dryRunFields = {
  dryRun: z.boolean().optional().describe('Nothing was sent'),
  needsConfirmation: z.array(z.string()).optional().describe('What the user must agree to first'),
};

const conflict = { roleId: z.string(), jobId: z.string() };

/** A person on a moved role (src/rules/move-clashes.ts), with what the move does to their other BOOKED shifts. */
export const affectedSchema = z.object({
  crewId: z.string(),
  name: z.string(),
  status: z.string().describe('On the moved role'),
  roleId: z.string(),
  clashes: z
    .array(z.object({ ...conflict, minutes: z.number() }))
    .optional()
    .describe('New UTC overlaps'),
  shortRests: z
    .array(z.object({ ...conflict, restHours: z.number() }))
    .optional()
    .describe('New rests under 10 h'),
});

export function toAffectedView(person: AffectedPerson): z.infer<typeof affectedSchema> {
  return {
    crewId: String(person.crewId),
    name: person.name,
    status: person.status,
    roleId: person.roleId,
    ...(person.clashes.length
      ? {
          clashes: person.clashes.map(({ roleId, jobId, minutes }) => ({
            roleId,
            jobId,
            minutes: minutes ?? 0,
          })),
        }
      : {}),
    ...(person.shortRests.length
      ? {
          shortRests: person.shortRests.map(({ roleId, jobId, restHours }) => ({
            roleId,
            jobId,
            restHours: restHours ?? 0,
          })),
        }
      : {}),
  };
}
