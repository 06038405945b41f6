import { describe, expect, it } from 'vitest';
import { chunksImportingEntry, evaluationOrder, type BundleChunks } from './evaluation-order';

const bundle = (imports: Record<string, string[]>): BundleChunks =>
  Object.fromEntries(Object.entries(imports).map(([name, deps]) => [name, { type: 'chunk', imports: deps }]));

describe('evaluationOrder', () => {
  it('lists dependencies before what imports them, in import order, without the entry', () => {
    const chunks = bundle({ entry: ['a', 'b'], a: ['c'], b: ['c', 'd'], c: [], d: [] });
    expect(evaluationOrder('entry', chunks)).toEqual(['c', 'a', 'd', 'b']);
  });

  it('keeps chunks that import each other as one unit, named by the one the entry reaches first', () => {
    // entry -> a -> b -> a: importing a evaluates b then a, as importing the entry does; importing b
    // first would evaluate a before b.
    const chunks = bundle({ entry: ['a', 'c'], a: ['b'], b: ['a', 'd'], c: ['b'], d: [] });
    expect(evaluationOrder('entry', chunks)).toEqual(['d', 'a', 'c']);
  });

  it('gives nothing to evaluate for an entry without imports', () => {
    expect(evaluationOrder('entry', bundle({ entry: [] }))).toEqual([]);
  });
});

describe('chunksImportingEntry', () => {
  it('names every chunk that imports the entry back, and none when the entry only imports', () => {
    expect(
      chunksImportingEntry('entry', bundle({ entry: ['app', 'runtime'], app: ['runtime', 'entry'], runtime: [], page: ['app', 'entry'] })),
    ).toEqual(['app', 'page']);
    expect(chunksImportingEntry('entry', bundle({ entry: ['app'], app: ['runtime'], runtime: [], page: ['app'] }))).toEqual([]);
  });
});
