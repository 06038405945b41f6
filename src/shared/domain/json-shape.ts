/**
 * Checks on parsed JSON (or query and path values) that are walked with a stack of their own,
 * not by recursion: a body nested 100,000 deep must be refused, not crash the check.
 */
function walk(value: unknown, visit: (value: unknown, depth: number) => boolean): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (!visit(current, depth)) return false;
    if (current !== null && typeof current === 'object') for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return true;
}

/** Whether objects and arrays nest at most `limit` deep. */
export function nestedAtMost(value: unknown, limit: number): boolean {
  return walk(value, (current, depth) => current === null || typeof current !== 'object' || depth < limit);
}

/** Whether any text (or key) holds U+0000, which PostgreSQL cannot store in text and no person types. */
export function hasNulCharacter(value: unknown): boolean {
  return !walk(value, (current) => {
    if (typeof current === 'string') return !current.includes('\u0000');
    if (current !== null && typeof current === 'object') return !Object.keys(current).some((key) => key.includes('\u0000'));
    return true;
  });
}
