/**
 * Hydrating the server's page a part at a time (decision 055). Preact hydrates in one task, where
 * React sliced a transition into pieces of 5 ms: a whole page took 350-480 ms at a slow phone's
 * speed, all of it Total Blocking Time. Each <HydrateApart> part waits for a turn of its own, a
 * task after the turn before it; Preact keeps the server's elements of a waiting part as they are
 * and takes them over when its turn comes.
 */

let active = false;
let done = true;
const doneListeners = new Set<() => void>();
let last: Promise<void> = Promise.resolve();
const taken = new WeakSet<Promise<void>>();

/** A new task, so that a tap is answered between pieces of work (decision 054). */
export const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

/** Called by main.tsx before it hydrates; the first render of each part then asks for a turn. */
export function startHydrating(): void {
  active = true;
  done = false;
}

/** False while the server's page is being taken over; the browser's runtime reads stores by it. */
export function hydrationDone(): boolean {
  return done;
}

export function onHydrationDone(listener: () => void): () => void {
  doneListeners.add(listener);
  return () => doneListeners.delete(listener);
}

/** A turn after every turn asked for before it, or null when the page is not being hydrated. */
export function takeTurn(): Promise<void> | null {
  if (!active) return null;
  const turn = last.then(nextTask);
  // Registered before the boundary's own callback, so the part sees its turn as come when it renders again.
  void turn.then(() => taken.add(turn));
  last = turn;
  return turn;
}

export function turnHasCome(turn: Promise<void>): boolean {
  return taken.has(turn);
}

/** Resolves once every part, those inside parts included, has had its turn and rendered. */
export async function hydrationFinished(): Promise<void> {
  let seen: Promise<void>;
  do {
    seen = last;
    await seen;
    await nextTask();
  } while (seen !== last);
  active = false;
  done = true;
  for (const listener of doneListeners) listener();
}
