import pino, { type Logger } from 'pino';

/** Keeps secrets out of request logs: no query strings, and no reset link ids. */
export function safeUrl(url: string): string {
  return url.split('?')[0]!.replace(/\/(pw_reset_validate|pwReset)\/[^/]+/g, '/$1/[redacted]');
}

/** The process's one logger: Fastify's request logs and the services' own lines go through it. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: safeUrl(req.url), ip: req.ip }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      err: pino.stdSerializers.err,
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
export type { Logger };
