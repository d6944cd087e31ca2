// Whole places from weights (the largest-remainder method): at least one per slot, summing to
// exactly `total`, the leftover places going to the largest fractions (ties: the earlier slot).
// The generated festival and the busy season both share out their places so.
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  const exact = weights.map((weight) => 1 + ((total - weights.length) * weight) / sum);
  const quantities = exact.map(Math.floor);
  let left = total - quantities.reduce((acc, quantity) => acc + quantity, 0);
  const order = exact
    .map((value, index) => ({ index, fraction: value - Math.floor(value) }))
    .sort((a, b) => b.fraction - a.fraction || a.index - b.index);
  for (const { index } of order) {
    if (left-- <= 0) break;
    quantities[index] = (quantities[index] ?? 0) + 1;
  }
  return quantities;
}
