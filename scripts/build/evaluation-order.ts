// Used by vite.config.ts (deferredEntry) when it writes the page's list of modules to evaluate.

export type BundleChunks = Record<string, { type: string; imports?: string[] }>;

/**
 * The entry's static imports, chunk by chunk, in the order the browser would evaluate them from
 * the entry (a depth-first walk, dependencies first). Chunks that import each other in a cycle
 * are one unit, named by the chunk the walk meets first: importing that one evaluates the cycle
 * in the same order as importing the entry does. So importing the units one after another, then
 * the entry, runs exactly the code the entry alone would run, in the same order (Tarjan's
 * strongly connected components; a unit completes after everything it imports).
 */
export function evaluationOrder(entry: string, bundle: BundleChunks): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const units: string[] = [];
  const visit = (name: string) => {
    index.set(name, index.size);
    low.set(name, index.get(name)!);
    stack.push(name);
    onStack.add(name);
    for (const dep of bundle[name]?.imports ?? []) {
      if (!index.has(dep)) {
        visit(dep);
        low.set(name, Math.min(low.get(name)!, low.get(dep)!));
      } else if (onStack.has(dep)) low.set(name, Math.min(low.get(name)!, index.get(dep)!));
    }
    if (low.get(name) === index.get(name)) {
      let member: string | undefined;
      do {
        member = stack.pop()!;
        onStack.delete(member);
      } while (member !== name);
      units.push(name);
    }
  };
  visit(entry);
  return units.filter((name) => name !== entry);
}

/**
 * The chunks that import the entry's chunk. The entry awaits its page's code, which imports the
 * entry's own imports: one of those importing the entry back would wait for it for ever, and no
 * server-rendered page would be taken over (decision 057). The build stops on any.
 */
export function chunksImportingEntry(entry: string, bundle: BundleChunks): string[] {
  return Object.entries(bundle)
    .filter(([, chunk]) => chunk.imports?.includes(entry))
    .map(([name]) => name);
}
