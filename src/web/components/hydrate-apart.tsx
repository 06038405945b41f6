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
 * server's first element only. Elsewhere (the server, a page the browser renders) it is nothing.
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
