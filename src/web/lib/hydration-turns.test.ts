import { describe, expect, it } from 'vitest';
import { hydrationFinished, startHydrating, takeTurn, turnHasCome } from './hydration-turns';

describe('hydration turns', () => {
  it('gives no turn when the page is not being hydrated (the server, a page the browser renders)', () => {
    expect(takeTurn()).toBeNull();
  });

  it('gives each part its turn in a task of its own, in the order asked, and finishes after parts asked for meanwhile', async () => {
    startHydrating();
    const order: string[] = [];
    const first = takeTurn()!;
    const second = takeTurn()!;
    expect(turnHasCome(first)).toBe(false);
    void first.then(() => {
      order.push('first');
      // A part inside the first asks for its turn as it renders: it comes after the second.
      void takeTurn()!.then(() => order.push('inner'));
    });
    void second.then(() => order.push('second'));
    // Not in the task that asked.
    await Promise.resolve();
    expect(order).toEqual([]);
    await hydrationFinished();
    expect(order).toEqual(['first', 'second', 'inner']);
    expect(turnHasCome(first) && turnHasCome(second)).toBe(true);
    // Once finished, parts rendered later (a new page) take no turn.
    expect(takeTurn()).toBeNull();
  });

  it('leaves the next turn for a later task: the work done at one turn ends its task', async () => {
    startHydrating();
    const first = takeTurn()!;
    const second = takeTurn()!;
    let secondDuringFirst: boolean | undefined;
    await first.then(async () => {
      // Every microtask of this task runs before the next task; the second turn is not among them.
      for (let i = 0; i < 20; i++) await Promise.resolve();
      secondDuringFirst = turnHasCome(second);
    });
    expect(secondDuringFirst).toBe(false);
    await hydrationFinished();
    expect(turnHasCome(second)).toBe(true);
  });
});
