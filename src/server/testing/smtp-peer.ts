import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type Received = { from: string; to: string[]; raw: string; messageId: string | undefined };

/**
 * A real SMTP peer on loopback. It refuses mail for addresses starting "bounce" for good (550)
 * and for those starting "busy" for now (451, as a full mailbox or greylisting); it can be slow
 * to greet (a distant or busy server), slow to accept a message's data (a loaded server: it
 * answers each DATA only when `acceptData()` is called), and can refuse the first messages' data
 * (a hiccup).
 */
export async function startSmtpPeer(options: { greetingDelayMs?: number; refuseFirstData?: number; holdData?: boolean } = {}) {
  const received: Received[] = [];
  let refusals = options.refuseFirstData ?? 0;
  /** Messages whose data has arrived and waits for `acceptData()` before the peer answers. */
  const held: (() => void)[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // No reverse DNS look-up of 127.0.0.1 for each connection: it only slows the tests and the bench.
    disableReverseLookup: true,
    logger: false,
    onConnect(_session, callback) {
      if (options.greetingDelayMs) setTimeout(() => callback(), options.greetingDelayMs);
      else callback();
    },
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('bounce')) return callback(new Error('Mailbox unavailable'));
      if (address.address.startsWith('busy'))
        return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        if (options.holdData) {
          held.push(() => accept());
          for (const wake of waiters.splice(0)) wake();
          return;
        }
        accept();
      });
      function accept() {
        if (refusals > 0) {
          refusals--;
          return callback(new Error('Temporary local problem, try again'));
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          messageId: /^Message-ID: (.+)$/im.exec(raw)?.[1]?.trim(),
        });
        callback();
      }
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Resolves once a message's data has arrived and is being held (holdData). */
    async dataArrived(): Promise<void> {
      while (!held.length) await new Promise<void>((resolve) => waiters.push(resolve));
    },
    /** Accepts the oldest held message: the sender gets its "250 OK". */
    acceptData(): void {
      held.shift()?.();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
