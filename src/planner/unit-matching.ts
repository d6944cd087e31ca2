// A bipartite matching of units (a place once per person it needs) to people, by augmenting paths
// (Kuhn's algorithm): what same-crew.ts fills each group of a multi-day job's places with.

/**
 * A matching of every unit (a place, once per person it needs) to a different person with an
 * edge to it (Kuhn's augmenting paths), the people listed in `first` matched before the rest;
 * undefined when some unit stays alone. Returns each unit's person.
 */
export function matchUnits(
  units: readonly number[],
  edges: ReadonlyMap<number, readonly number[]>,
  first: readonly number[],
): number[] | undefined {
  const personOf: (number | undefined)[] = units.map(() => undefined);
  const unitOf = new Map<number, number>();
  const unitsOf = new Map<number, number[]>();
  units.forEach((place, unit) => {
    for (const person of edges.get(place) ?? []) {
      const list = unitsOf.get(person);
      if (list) list.push(unit);
      else unitsOf.set(person, [unit]);
    }
  });
  // A free person first (most units find one), then the augmenting paths through the others.
  const fromUnit = (unit: number, seen: Set<number>): boolean => {
    const people = edges.get(units[unit] ?? -1) ?? [];
    const free = people.find((person) => !unitOf.has(person));
    if (free !== undefined) {
      personOf[unit] = free;
      unitOf.set(free, unit);
      return true;
    }
    for (const person of people) {
      if (seen.has(person)) continue;
      seen.add(person);
      const held = unitOf.get(person);
      if (held === undefined || fromUnit(held, seen)) {
        personOf[unit] = person;
        unitOf.set(person, unit);
        return true;
      }
    }
    return false;
  };
  const fromPerson = (person: number, seen: Set<number>): boolean => {
    const open = (unitsOf.get(person) ?? []).find((unit) => personOf[unit] === undefined);
    if (open !== undefined) {
      personOf[open] = person;
      unitOf.set(person, open);
      return true;
    }
    for (const unit of unitsOf.get(person) ?? []) {
      if (seen.has(unit)) continue;
      seen.add(unit);
      const holder = personOf[unit];
      if (holder === undefined || fromPerson(holder, seen)) {
        personOf[unit] = person;
        unitOf.set(person, unit);
        return true;
      }
    }
    return false;
  };
  for (const person of first) if (!fromPerson(person, new Set())) return undefined;
  for (let unit = 0; unit < units.length; unit++)
    if (personOf[unit] === undefined && !fromUnit(unit, new Set())) return undefined;
  return personOf.map((person) => person ?? -1);
}
