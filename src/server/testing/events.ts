import { expect } from 'vitest';
import type { TestApp } from './test-app';

/** Creates an event as the admin's form does (`POST /api/new_event`) and gives its id. */
export async function createEvent(t: TestApp, authorization: string, fields: Record<string, unknown>): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/new_event', headers: { authorization }, payload: fields });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ inserted_id: string }>().inserted_id;
}
