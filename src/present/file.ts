// A crew member's file (REST upload) as a model sees it.
import { z } from 'zod';

/** A file as the platform's REST API describes it. */
export interface UpstreamFile {
  id: string;
  crewId: number;
  name: string;
  mimeType: string;
  size: number;
  dataTypeId?: string | null;
  url?: string | null;
  createdAt: string;
}

export const crewFileSchema = z.object({
  id: z.string(),
  crewId: z.string(),
  name: z.string(),
  mimeType: z.string(),
  size: z.number(),
  dataTypeId: z.string().optional(),
  url: z.string().optional(),
  createdAt: z.string(),
});

/** Only the fields we describe, so a richer live answer still matches the output schema. */
export function toCrewFile(file: UpstreamFile): z.output<typeof crewFileSchema> {
  return {
    id: String(file.id),
    crewId: String(file.crewId),
    name: file.name,
    mimeType: file.mimeType,
    size: file.size,
    ...(file.dataTypeId ? { dataTypeId: String(file.dataTypeId) } : {}),
    ...(file.url ? { url: file.url } : {}),
    createdAt: file.createdAt,
  };
}
