// Time-range filters: an item with span [start, end) matches [fromRange, toRange] when the two
// overlap, compared as UTC instants. Either bound may be omitted.

export interface RangeFilter {
  fromRange?: string | null;
  toRange?: string | null;
}

export function overlapsRange(
  startMs: number,
  endMs: number,
  filter: RangeFilter | null | undefined,
): boolean {
  if (filter?.fromRange != null && !(endMs > Date.parse(filter.fromRange))) return false;
  if (filter?.toRange != null && !(startMs <= Date.parse(filter.toRange))) return false;
  return true;
}

/** An instant inside [fromRange, toRange] (both inclusive); for point-in-time items like leavers. */
export function withinRange(instantMs: number, filter: RangeFilter | null | undefined): boolean {
  if (filter?.fromRange != null && instantMs < Date.parse(filter.fromRange)) return false;
  if (filter?.toRange != null && instantMs > Date.parse(filter.toRange)) return false;
  return true;
}
