// Webhook event kinds [assumed, shared/platform-contract.md; §6 says only that webhooks exist].
export const EVENT_TYPES = [
  'job.created',
  'job.updated',
  'crew.created',
  'crew.updated',
  'crew_job.updated',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
