import type { Endpoint } from './contract';

/**
 * Every endpoint declared in src/shared/api, found by reading the folder's modules (Vite's
 * import.meta.glob): for tests, which hold each declaration to the rules and to the server.
 * Vite and Vitest only; the server never imports this.
 */
export function declaredEndpoints(): Endpoint[] {
  const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts', '!./declared-endpoints.ts'], { eager: true });
  const found: Endpoint[] = [];
  for (const module of Object.values(modules)) {
    for (const value of Object.values(module)) {
      if (!value || typeof value !== 'object') continue;
      for (const entry of Object.values(value)) {
        if (isEndpoint(entry)) found.push(entry);
      }
    }
  }
  return found;
}

function isEndpoint(value: unknown): value is Endpoint {
  if (!value || typeof value !== 'object') return false;
  const candidate = value as Partial<Endpoint>;
  return (
    typeof candidate.resource === 'string' &&
    typeof candidate.name === 'string' &&
    typeof candidate.path === 'string' &&
    'response' in candidate
  );
}
