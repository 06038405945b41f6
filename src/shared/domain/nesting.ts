/**
 * Whether a parsed JSON value nests objects and arrays at most `limit` deep. Walked with a
 * stack of its own, not by recursion: a body nested 100,000 deep must be refused, not crash.
 */
export function nestedAtMost(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth >= limit) return false;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return true;
}
