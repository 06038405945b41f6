import { useSyncExternalStore } from 'react';
import { isRole, type Role } from '../../shared/domain/roles';
import { parseStoredJson } from './stored-json';

/** docs/product.md: the session lives in sessionStorage, so it ends with the tab (see the decision record). */
export const SESSION_STORAGE_KEY = 'session';

export type Session = { token: string; username: string; role: Role };

/** Checked by hand: the session is read on every page's first load, which carries no zod. */
function asSession(value: unknown): Session | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { token, username, role } = value as Record<string, unknown>;
  return typeof token === 'string' && token !== '' && typeof username === 'string' && isRole(role) ? { token, username, role } : undefined;
}

/** Anything unreadable counts as signed out rather than breaking the page. */
export function parseSession(raw: string | null): Session | null {
  return parseStoredJson(asSession, raw) ?? null;
}

export function isAdmin(session: Session | null): boolean {
  return session?.role === 'admin';
}

/** Editing rights (articles) belong to editors and admins. */
export function hasEditingRights(session: Session | null): boolean {
  return session?.role === 'editor' || session?.role === 'admin';
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Some privacy modes throw on access.
    return null;
  }
}

const listeners = new Set<() => void>();
function notify() {
  for (const listener of listeners) listener();
}

// The snapshot must be referentially stable between changes for useSyncExternalStore.
let lastRaw: string | null | undefined;
let lastSession: Session | null = null;

export function readSession(): Session | null {
  const raw = storage()?.getItem(SESSION_STORAGE_KEY) ?? null;
  if (raw !== lastRaw) {
    lastRaw = raw;
    lastSession = parseSession(raw);
  }
  return lastSession;
}

export function saveSession(session: Session): void {
  storage()?.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  notify();
}

export function clearSession(): void {
  storage()?.removeItem(SESSION_STORAGE_KEY);
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, readSession, () => null);
}
