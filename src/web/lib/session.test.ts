import { describe, expect, it } from 'vitest';
import { hasEditingRights, isAdmin, parseSession, type Session } from './session';

const session = (role: Session['role']): Session => ({ token: 'abc', username: 'a@example.org', role });

describe('parseSession', () => {
  it('reads a stored session', () => {
    expect(parseSession(JSON.stringify(session('editor')))).toEqual(session('editor'));
  });

  it('treats missing, malformed or incomplete values as signed out', () => {
    expect(parseSession(null)).toBeNull();
    expect(parseSession('')).toBeNull();
    expect(parseSession('{not json')).toBeNull();
    expect(parseSession(JSON.stringify({ token: 'abc', username: 'x' }))).toBeNull();
    expect(parseSession(JSON.stringify({ token: '', username: 'x', role: 'member' }))).toBeNull();
    expect(parseSession(JSON.stringify({ token: 'abc', username: 'x', role: 'owner' }))).toBeNull();
    for (const raw of [
      'null',
      '"abc"',
      '[]',
      JSON.stringify({ token: 1, username: 'x', role: 'member' }),
      JSON.stringify({ token: 'abc', username: null, role: 'member' }),
    ]) {
      expect(parseSession(raw), raw).toBeNull();
    }
  });
});

describe('roles', () => {
  it('only the admin role is admin', () => {
    expect(isAdmin(session('admin'))).toBe(true);
    expect(isAdmin(session('editor'))).toBe(false);
    expect(isAdmin(session('member'))).toBe(false);
    expect(isAdmin(null)).toBe(false);
  });

  it('editors and admins have editing rights', () => {
    expect(hasEditingRights(session('admin'))).toBe(true);
    expect(hasEditingRights(session('editor'))).toBe(true);
    expect(hasEditingRights(session('member'))).toBe(false);
    expect(hasEditingRights(null)).toBe(false);
  });
});
