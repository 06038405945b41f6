import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { takeTurn, turnHasCome } from '../lib/hydration-turns';

function WaitForTurn({ children }: { children: ReactNode }) {
  const [turn] = useState(takeTurn);
  // Suspending is throwing the promise the boundary waits for.
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  if (turn && !turnHasCome(turn)) throw turn;
  return children;
}

/**
 * A part of a server-rendered page that the browser takes over in a task of its own
 * (lib/hydration-turns.ts). Its children must draw one element: a waiting part keeps the
 * server's first element only. And what they draw at their turn must be the server's markup:
 * Preact keeps a hydrated element's attributes as the server wrote them, so state that differs
 * in the browser (a store's own value, an id from useId that a later element points at) must wait
 * for the end of hydration (browser-runtime/react.ts reads stores by the server's snapshot until
 * then). Elsewhere (the server, a page the browser renders) it is nothing.
 */
export function HydrateApart({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <WaitForTurn>{children}</WaitForTurn>
    </Suspense>
  );
}

/**
 * What draws no element of its own (global styles): while the browser takes the page over it
 * waits for a turn, then renders. The server's copy of those styles is in the page meanwhile.
 */
export function AfterHydration({ children }: { children: ReactNode }) {
  const [turn] = useState(takeTurn);
  const [ready, setReady] = useState(turn === null);
  useEffect(() => {
    if (turn) void turn.then(() => setReady(true));
  }, [turn]);
  return ready ? children : null;
}
