// The Orders table asks the main process only for the rows it shows: the visible range plus overscan,
// rounded out to fixed blocks so scrolling back and forth reuses answers instead of asking again.

export const ORDER_BLOCK_SIZE = 200;

/** The block indexes covering rows [first, last] (inclusive), clamped to [0, total). */
export function blocksFor(first: number, last: number, total: number, blockSize = ORDER_BLOCK_SIZE): number[] {
  if (total <= 0 || last < first) return [0];
  const from = Math.max(0, Math.floor(Math.max(0, first) / blockSize));
  const to = Math.floor(Math.min(total - 1, Math.max(0, last)) / blockSize);
  const out: number[] = [];
  for (let b = from; b <= to; b += 1) out.push(b);
  return out.length > 0 ? out : [0];
}

/** Finds row `index` among loaded blocks (undefined while its block is in flight). */
export function rowAt<T>(blocks: ReadonlyMap<number, readonly T[]>, index: number, blockSize = ORDER_BLOCK_SIZE): T | undefined {
  return blocks.get(Math.floor(index / blockSize))?.[index % blockSize];
}
