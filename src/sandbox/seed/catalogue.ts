// The company's catalogue: role types, the global section and one section per profile with
// their data types and options, and the company itself (its default profile).

import type { DataType, DTType } from '../store.js';
import type { SeedContext } from './context.js';

interface DataTypeSpec {
  title: string;
  type: DTType;
  uniqueId?: string;
  options?: string[];
}

const GLOBAL_DATA_TYPES: DataTypeSpec[] = [
  { title: 'Date of birth', type: 'DATE', uniqueId: 'date_of_birth' },
  { title: 'Right to work checked', type: 'BOOLEAN' },
  {
    title: 'Languages',
    type: 'MULTIPLE_CHOICE',
    uniqueId: 'languages',
    options: ['English', 'Spanish', 'French', 'German', 'Hindi', 'Mandarin', 'Arabic'],
  },
  { title: 'T-shirt size', type: 'SINGLE_CHOICE', options: ['XS', 'S', 'M', 'L', 'XL', 'XXL'] },
  { title: 'Reliability score', type: 'SCORING', uniqueId: 'reliability_score' },
  { title: 'Emergency contact', type: 'TEXT' },
  { title: 'Photo ID', type: 'FILE', uniqueId: 'photo_id' },
  { title: 'Height (cm)', type: 'NUMBER' },
];

interface ProfileSpec {
  name: string;
  dataTypes: DataTypeSpec[];
}

const PROFILES: ProfileSpec[] = [
  {
    name: 'Hospitality',
    dataTypes: [
      { title: 'Years behind a bar', type: 'NUMBER', uniqueId: 'bar_years' },
      // "Certifications" also exists in Security: a title lookup for it is ambiguous on purpose.
      {
        title: 'Certifications',
        type: 'MULTIPLE_CHOICE',
        options: ['Food Hygiene Level 2', 'Personal Licence', 'Allergen Awareness', 'Barista'],
      },
      { title: 'Food hygiene certificate', type: 'FILE' },
      { title: 'Service score', type: 'SCORING' },
      { title: 'Knows the cocktail menu', type: 'BOOLEAN' },
    ],
  },
  {
    name: 'Security',
    dataTypes: [
      { title: 'SIA licence number', type: 'TEXT', uniqueId: 'sia_licence' },
      { title: 'SIA licence expiry', type: 'DATE' },
      {
        title: 'Certifications',
        type: 'MULTIPLE_CHOICE',
        options: ['SIA Door Supervisor', 'SIA CCTV', 'First Aid at Work', 'Conflict Management'],
      },
      {
        title: 'Licence level',
        type: 'SINGLE_CHOICE',
        options: ['Security Guard', 'Door Supervisor', 'Close Protection'],
      },
    ],
  },
  {
    name: 'Drivers',
    dataTypes: [
      {
        title: 'Licence categories',
        type: 'MULTIPLE_CHOICE',
        uniqueId: 'licence_categories',
        options: ['B', 'BE', 'C1', 'C', 'D1', 'D'],
      },
      { title: 'Years driving', type: 'NUMBER' },
      { title: 'Clean licence', type: 'BOOLEAN' },
      { title: 'Driving licence scan', type: 'FILE' },
      { title: 'Driving assessment', type: 'SCORING' },
    ],
  },
  {
    name: 'Event staff',
    dataTypes: [
      { title: 'Previous events', type: 'TEXT' },
      { title: 'Steward level', type: 'SINGLE_CHOICE', options: ['Level 1', 'Level 2', 'Supervisor'] },
      { title: 'Crowd safety score', type: 'SCORING' },
      { title: 'Available from', type: 'DATE' },
    ],
  },
];

export const ROLE_TYPES = [
  'Bartender',
  'Waiter',
  'Chef',
  'Security Officer',
  'Door Supervisor',
  'Driver',
  'Event Steward',
  'Team Leader',
];

export function seedRoleTypes(ctx: SeedContext): string[] {
  return ROLE_TYPES.map((name) => {
    const id = ctx.store.newId();
    ctx.store.roleTypes.set(id, { id, companyId: ctx.companyId, name });
    return id;
  });
}

export function seedProfiles(ctx: SeedContext): string[] {
  const { store, companyId } = ctx;
  const globalSection = { id: store.newId(), companyId, name: 'Company-wide', global: true };
  store.sections.set(globalSection.id, globalSection);
  addDataTypes(ctx, globalSection.id, true, GLOBAL_DATA_TYPES);
  const profileIds = PROFILES.map((spec) => {
    const section = { id: store.newId(), companyId, name: `${spec.name} profile`, global: false };
    store.sections.set(section.id, section);
    const profile = {
      id: store.newId(),
      companyId,
      name: spec.name,
      sectionId: section.id,
      globalSectionIds: [globalSection.id],
    };
    store.profiles.set(profile.id, profile);
    addDataTypes(ctx, section.id, false, spec.dataTypes);
    return profile.id;
  });
  const defaultProfileId = profileIds[PROFILES.findIndex((p) => p.name === 'Event staff')]!;
  store.companies.set(companyId, { id: companyId, name: 'Northwind Crew Co.', defaultProfileId });
  return profileIds;
}

function addDataTypes(ctx: SeedContext, sectionId: string, global: boolean, specs: DataTypeSpec[]): void {
  for (const spec of specs) {
    const dataType: DataType = {
      id: ctx.store.newId(),
      companyId: ctx.companyId,
      sectionId,
      uniqueId: spec.uniqueId ?? null,
      title: spec.title,
      type: spec.type,
      global,
      options: (spec.options ?? []).map((name) => ({ id: ctx.store.newId(), name })),
    };
    ctx.store.dataTypes.set(dataType.id, dataType);
  }
}
