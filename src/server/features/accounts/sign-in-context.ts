import type { FastifyRequest } from 'fastify';
import type { SignInContext } from './sessions.service';

/** Where a sign-in comes from: the address, the browser, and the browser's own device id when it sends one. */
export function signInContext(req: FastifyRequest): SignInContext {
  const deviceId = req.headers['x-device-id'];
  return {
    ip: req.ip,
    userAgent: req.headers['user-agent']?.slice(0, 512),
    deviceId: typeof deviceId === 'string' && /^[A-Za-z0-9-]{8,64}$/.test(deviceId) ? deviceId : undefined,
  };
}
