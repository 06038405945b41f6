import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '../../shared/api/accounts';
import type { Endpoint } from '../../shared/api/contract';
import type { Tokens } from '../auth/tokens';
import { forbidden, unauthorized } from './errors';

/** Who may call a route. Every /api route declares one where it is registered. */
export type Policy = 'public' | 'member' | 'editor' | 'admin';
export const policies: readonly Policy[] = ['public', 'member', 'editor', 'admin'];

export type Principal = { id: string; email: string; role: Role };

/** The current role and token version of a user, read on every authenticated request. */
export type PrincipalLoader = (id: string) => Promise<(Principal & { token_version: number }) | undefined>;

/** A route as registered; `endpoint` is its declaration in src/shared/api (absent only on the web app's own pages). */
export type RegisteredRoute = { method: string; url: string; policy: Policy; endpoint?: Endpoint };

declare module 'fastify' {
  interface FastifyContextConfig {
    policy?: Policy;
    endpoint?: Endpoint;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyInstance {
    registeredRoutes: RegisteredRoute[];
  }
}

const rank: Record<Role, number> = { member: 1, editor: 2, admin: 3 };
const required: Record<Exclude<Policy, 'public'>, number> = { member: 1, editor: 2, admin: 3 };

export function allows(policy: Policy, role: Role | null): boolean {
  if (policy === 'public') return true;
  return role !== null && rank[role] >= required[policy];
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
export function installAuth(app: FastifyInstance, tokens: Tokens, loadPrincipal: PrincipalLoader): void {
  app.decorate('registeredRoutes', [] as RegisteredRoute[]);
  app.decorateRequest('principal', null);

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const { policy, endpoint } = route.config ?? {};
    // The static files' catch-all is the one route without a policy: it serves public files only.
    if (!policy) {
      if (route.url === '/*') return;
      throw new Error(`Route ${methods.join(',')} ${route.url} has no access policy`);
    }
    for (const method of methods) {
      if (method !== 'HEAD') app.registeredRoutes.push({ method, url: route.url, policy, ...(endpoint ? { endpoint } : {}) });
    }
  });

  app.addHook('onRequest', async (req) => {
    const policy = req.routeOptions.config?.policy;
    const token = bearerToken(req);
    if (policy === undefined || (policy === 'public' && !token)) return; // undefined: static files

    const claims = token ? await tokens.verify(token) : null;
    const user = claims ? await loadPrincipal(claims.sub) : undefined;
    // A reset password or a changed role voids older tokens at once.
    const valid = user && claims && user.token_version === claims.ver;
    if (valid) req.principal = { id: user.id, email: user.email, role: user.role };

    if (policy === 'public') return;
    if (!valid) throw unauthorized(token ? 'Your session has expired. Please sign in again.' : 'Please sign in');
    if (!allows(policy, user.role)) throw forbidden();
  });
}
