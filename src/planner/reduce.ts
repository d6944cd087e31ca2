// Two exact reductions before the solver sees a plan:
//   - interchangeable crew: members with no crew job in the planning window, the same candidate
//     places, the same ranking tier on each (flagged, options held) and the same score differ in
//     nothing the objective or a constraint reads except their name and id, which order them the
//     same way on every role. A class of them never needs more members than the places they can
//     fill, so only that many, the first by the ranking, are kept: any plan using another member
//     maps onto a kept one with every objective unchanged. The solver then gives each class
//     integer columns, one per schedule a member can work (schedules.ts), not one per member.
//   - independent parts: places that share no candidate cannot affect each other (every
//     constraint between places is one person's), so each part is solved on its own. The
//     fairness objective (least maximum load) is a maximum over people, so the parts' own optima
//     together are the whole plan's.
import type { Candidate, PlanModel } from './model.js';

/** Interchangeable crew: each kept member's candidates (the same places, in place order), best ranked first. */
export interface CrewClass {
  members: Candidate[][];
  places: number[];
}

/** Members with history (each unique) and the classes of interchangeable members, as many kept as they can fill. */
export function crewClasses(model: PlanModel): { unique: Candidate[]; classes: CrewClass[] } {
  const byCrew = new Map<number, Candidate[]>();
  for (const candidate of model.candidates) {
    const list = byCrew.get(candidate.crew);
    if (list) list.push(candidate);
    else byCrew.set(candidate.crew, [candidate]);
  }
  const classes = new Map<string, { crew: number; list: Candidate[] }[]>();
  const kept: Candidate[] = [];
  const kinds: CrewClass[] = [];
  for (const [crew, list] of byCrew) {
    const unique =
      model.history.has(crew) || list.some((candidate) => candidate.pinned || candidate.previous);
    if (unique) {
      kept.push(...list);
      continue;
    }
    const key = `${list[0]?.score ?? 0}|${list.map((candidate) => `${candidate.place}:${candidate.tier}`).join(',')}`;
    const members = classes.get(key);
    if (members) members.push({ crew, list });
    else classes.set(key, [{ crew, list }]);
  }
  for (const members of classes.values()) {
    const places = members[0]?.list ?? [];
    const needed = places.reduce((sum, candidate) => sum + (model.roles[candidate.place]?.open ?? 0), 0);
    // Within a class the ranking on any one place orders the members as on every other.
    members.sort((a, b) => (a.list[0]?.rank ?? 0) - (b.list[0]?.rank ?? 0));
    kinds.push({
      members: members.slice(0, needed).map((member) => member.list),
      places: places.map((candidate) => candidate.place),
    });
  }
  return { unique: kept, classes: kinds };
}

/** Places joined by a shared candidate, each part with its candidates; parts in place order. */
export function independentParts(
  placeCount: number,
  candidates: readonly Candidate[],
): { places: number[]; candidates: Candidate[] }[] {
  const parent = Array.from({ length: placeCount }, (_, index) => index);
  const find = (index: number): number => {
    let root = index;
    while (parent[root] !== root) root = parent[root] as number;
    while (parent[index] !== root) {
      const next = parent[index] as number;
      parent[index] = root;
      index = next;
    }
    return root;
  };
  const firstPlaceOf = new Map<number, number>();
  for (const candidate of candidates) {
    const first = firstPlaceOf.get(candidate.crew);
    if (first === undefined) firstPlaceOf.set(candidate.crew, candidate.place);
    else {
      const [a, b] = [find(first), find(candidate.place)];
      if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
    }
  }
  const parts = new Map<number, { places: number[]; candidates: Candidate[] }>();
  for (let place = 0; place < placeCount; place++) {
    const root = find(place);
    const part = parts.get(root) ?? { places: [], candidates: [] };
    part.places.push(place);
    parts.set(root, part);
  }
  for (const candidate of candidates) parts.get(find(candidate.place))?.candidates.push(candidate);
  return [...parts.values()];
}
