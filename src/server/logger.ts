import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import { loggableUrl } from './http/token-pages';
import { logDestination } from './log-destination';

/** Keeps secrets out of request logs: no query strings, and no reset, e-mail confirmation, unsubscribe or preference link tokens, however spelled. */
export function safeUrl(url: string): string {
  return loggableUrl(url);
}

/**
 * The process's one logger: Fastify's request logs and the services' own lines go through it.
 * JSON lines for a log collector; readable lines when `pretty` (main.ts: stdout is a terminal);
 * `destination` takes the JSON lines instead of stdout (tests read them).
 */
export function createLogger(level: string, options: { pretty?: boolean; destination?: pino.DestinationStream } = {}): Logger {
  // Synchronous, so a log line and the start banner never cut into each other.
  const settings = {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: safeUrl(req.url), ip: req.ip }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      err: pino.stdSerializers.err,
    },
  };
  if (options.destination) return pino(settings, options.destination);
  // Never pino's own stdout writer: on a full disk it threw ENOSPC from an 'error' event nobody heard.
  if (!options.pretty) return pino(settings, logDestination(1));
  const readable = logDestination(1, {
    notice: (dropped, reason) => `${dropped} log lines were lost: the log could not be written (${reason})\n`,
  });
  return pino(
    settings,
    pretty({ sync: true, singleLine: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId', destination: readable }),
  );
}
export type { Logger };
