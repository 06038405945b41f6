import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '../../shared/api/accounts';
import type { Endpoint } from '../../shared/api/contract';
import { STAFF_NEEDS_FACTOR } from '../../shared/api/second-factor';
import type { TokenClaims, Tokens } from '../auth/tokens';
import { forbidden, unauthorized } from './errors';

/**
 * Who may call a route. Every route declares one where it is registered. `operator` is for the
 * machines that run the site (metrics): the server itself over loopback, or METRICS_TOKEN.
 */
export type Policy = 'public' | 'member' | 'editor' | 'admin' | 'operator';
export const policies: readonly Policy[] = ['public', 'member', 'editor', 'admin', 'operator'];

export type Principal = { id: string; email: string; role: Role };

/**
 * The current role and token version of a user, read on every authenticated request, and whether
 * staff calls are refused for want of a second factor (decision 132).
 */
export type PrincipalLoader = (id: string) => Promise<(Principal & { token_version: number; staff_blocked?: boolean }) | undefined>;

/** A route as registered; `endpoint` is its declaration in src/shared/api (absent only on the web app's own pages). */
export type RegisteredRoute = {
  method: string;
  url: string;
  policy: Policy;
  endpoint?: Endpoint;
  /** Answers 304 to a client that already has the answer's ETag (route.ts). */
  etag?: boolean;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    policy?: Policy;
    endpoint?: Endpoint;
    etag?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
    /** The verified token of the signed-in caller (signing out ends it). */
    tokenClaims: TokenClaims | null;
  }
  interface FastifyInstance {
    registeredRoutes: RegisteredRoute[];
  }
}

const rank: Record<Role, number> = { member: 1, editor: 2, admin: 3 };
const required: Record<Exclude<Policy, 'public' | 'operator'>, number> = { member: 1, editor: 2, admin: 3 };

/** Whether a signed-in role (or nobody) may call a route; `operator` is never granted by a role. */
export function allows(policy: Policy, role: Role | null): boolean {
  if (policy === 'public') return true;
  if (policy === 'operator') return false;
  return role !== null && rank[role] >= required[policy];
}

/**
 * The server itself: a loopback peer that is not a reverse proxy passing a visitor on (a proxy on
 * the same machine connects over loopback too, but adds a forwarding header).
 */
export function fromLoopbackDirectly(req: FastifyRequest): boolean {
  const peer = req.socket.remoteAddress ?? '';
  const loopback = peer === '::1' || peer.startsWith('127.') || peer.startsWith('::ffff:127.');
  return loopback && !req.headers['x-forwarded-for'] && !req.headers.forwarded && !req.headers['x-real-ip'];
}

function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * Installs the role guard on the root instance: a route without a policy stops the app from
 * starting, and every request is checked against its route's policy before its body is read.
 */
export function installAuth(
  app: FastifyInstance,
  tokens: Tokens,
  loadPrincipal: PrincipalLoader,
  options: {
    /** The bearer token of the `operator` policy (METRICS_TOKEN). */
    operatorToken?: string;
    /** Whether the token's session still stands (not ended, not expired); notes its use. */
    sessionActive?: (claims: TokenClaims, ip: string) => Promise<boolean>;
  } = {},
): void {
  const { operatorToken, sessionActive = async () => true } = options;
  app.decorate('registeredRoutes', [] as RegisteredRoute[]);
  app.decorateRequest('principal', null);
  app.decorateRequest('tokenClaims', null);

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const { policy, endpoint, etag } = route.config ?? {};
    // The static files' catch-all is the one route without a policy: it serves public files only.
    if (!policy) {
      if (route.url === '/*') return;
      throw new Error(`Route ${methods.join(',')} ${route.url} has no access policy`);
    }
    for (const method of methods) {
      if (method !== 'HEAD')
        app.registeredRoutes.push({ method, url: route.url, policy, ...(endpoint ? { endpoint } : {}), ...(etag ? { etag } : {}) });
    }
  });

  app.addHook('onRequest', async (req) => {
    const policy = req.routeOptions.config?.policy;
    const token = bearerToken(req);
    if (policy === undefined || (policy === 'public' && !token)) return; // undefined: static files
    if (policy === 'operator') {
      if (token && operatorToken && sameSecret(token, operatorToken)) return;
      if (!token && fromLoopbackDirectly(req)) return;
      if (token) throw forbidden();
      throw unauthorized('Served to the server itself, or with the METRICS_TOKEN bearer token');
    }

    const claims = token ? await tokens.verify(token) : null;
    const [user, active] = claims ? await Promise.all([loadPrincipal(claims.sub), sessionActive(claims, req.ip)]) : [];
    // A reset password, a changed role, signing out or an ended session voids the token at once.
    const valid = user && claims && active && user.token_version === claims.ver;
    if (valid) {
      req.principal = { id: user.id, email: user.email, role: user.role };
      req.tokenClaims = claims;
    }

    if (policy === 'public') return;
    if (!valid) throw unauthorized(token ? 'Your session has expired. Please sign in again.' : 'Please sign in');
    if (!allows(policy, user.role)) throw forbidden();
    // An admin or editor without a second factor reaches their own account and its enrolment only.
    if (policy !== 'member' && user.staff_blocked) throw forbidden(STAFF_NEEDS_FACTOR);
  });
}
