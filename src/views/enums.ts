// Enumerations of the platform as our schema model has them (src/platform/schema.graphql).
// Most values are [assumed]; on a live platform `crew-mcp check` compares them by introspection.
import { z } from 'zod';

export const crewJobStatusSchema = z.enum([
  'APPLIED',
  'INVITED',
  'SHORTLISTED',
  'BOOKED',
  'DECLINED',
  'CANCELLED',
  'REMOVED',
  'WAITING_LIST',
]);

export const crewStatusSchema = z.enum([
  'ACTIVE',
  'INACTIVE',
  'APPROVED',
  'INVITED',
  'APPLICANT',
  'SUSPENDED',
  'WAITING_LIST',
  'DELETED',
]);
