// companyCrewAll and companyCrewOne: crew with profiles[].dataTypes (own + inherited global data
// types, each with this crew member's answer). Listed by crew id.

import type { CrewStatus } from '../../store.js';
import type { ResolverContext } from '../context.js';
import { notFound } from '../errors.js';
import type { PageInput } from '../inputs.js';
import { paginateAndPresent } from '../pagination.js';
import { presentCrew } from '../present-crew.js';

interface CompanyCrewAllArgs {
  input?:
    | (PageInput & {
        filter?: {
          crewIds?: number[] | null;
          search?: string | null;
          status?: CrewStatus[] | null;
          updatedSince?: string | null;
        } | null;
      })
    | null;
}

export function companyCrewAll(_: unknown, args: CompanyCrewAllArgs, ctx: ResolverContext) {
  const { store, caller } = ctx;
  const filter = args.input?.filter;
  const search = filter?.search?.trim().toLowerCase() ?? '';
  const since = filter?.updatedSince != null ? Date.parse(filter.updatedSince) : null;
  const crew = [...store.crew.values()]
    .filter((member) => member.companyId === caller.companyId)
    .filter((member) => !filter?.crewIds || filter.crewIds.includes(member.id))
    .filter((member) => !filter?.status || filter.status.includes(member.status))
    .filter((member) => since === null || Date.parse(member.updatedAt) >= since)
    .filter((member) => {
      if (!search) return true;
      const name = `${member.firstName} ${member.lastName}`.toLowerCase();
      return name.includes(search) || member.email.toLowerCase().includes(search);
    })
    .sort((a, b) => a.id - b.id);
  return paginateAndPresent(crew, args.input, (member) => presentCrew(store, member));
}

export function companyCrewOne(_: unknown, args: { crewId: number }, ctx: ResolverContext) {
  const member = ctx.store.crewOf(ctx.caller.companyId, args.crewId);
  if (!member) throw notFound(`no crew member with id ${args.crewId}`);
  return presentCrew(ctx.store, member);
}
