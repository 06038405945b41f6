import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoints, file } from '../../shared/api/contract';
import { installErrorHandler } from './error-handler';
import { addRoute } from './route';

const account = z.object({ _id: z.string(), email: z.string(), role: z.enum(['member', 'admin']) });

const demoApi = defineEndpoints('demo', {
  account: { method: 'GET', path: '/api/account/:id', summary: 'x', params: z.object({ id: z.string() }), response: account },
  rename: {
    method: 'POST',
    path: '/api/rename',
    summary: 'x',
    body: { kind: 'json', schema: z.object({ name: z.string().min(1) }) },
    response: z.object({ name: z.string() }),
  },
  report: { method: 'GET', path: '/api/report.csv', summary: 'x', response: file('text/csv') },
  hook: {
    method: 'POST',
    path: '/api/hook',
    summary: 'x',
    body: { kind: 'raw-json', description: 'signed' },
    response: z.object({ bytes: z.number() }),
  },
});

const SECRET = 'scrypt$17$8$1$c2VjcmV0LWhhc2g';

/** A bare app with the error shape, a logger we can read, and routes whose handlers misbehave on request. */
async function appWith(register: (app: FastifyInstance) => void): Promise<{ app: FastifyInstance; logs: string[] }> {
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream }, genReqId: () => 'req-contract' });
  installErrorHandler(app);
  register(app);
  await app.ready();
  return { app, logs };
}

describe('addRoute and the contract', () => {
  let app: FastifyInstance | undefined;
  afterEach(() => app?.close());

  it('sends only what the response schema names: unknown keys never leave', async () => {
    const built = await appWith((a) =>
      addRoute(a, demoApi.account, {
        policy: 'public',
        // A row straight from the database, with a column the contract does not name.
        handler: ({ params }) => ({ _id: params.id, email: 'ani@example.org', role: 'member' as const, password_hash: SECRET }),
      }),
    );
    app = built.app;
    const res = await app.inject({ method: 'GET', url: '/api/account/u1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ _id: 'u1', email: 'ani@example.org', role: 'member' });
    expect(res.body).not.toContain(SECRET);
  });

  it('answers a 500 when a handler breaks its contract, logging where with the request id but never the data', async () => {
    const built = await appWith((a) =>
      addRoute(a, demoApi.account, {
        policy: 'public',
        // Type-checked handlers cannot do this; a cast or a wrong row from SQL can.
        handler: () => ({ _id: 'u1', email: SECRET, role: 'superuser' }) as unknown as z.input<typeof account>,
      }),
    );
    app = built.app;
    const res = await app.inject({ method: 'GET', url: '/api/account/u1' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: 'Something went wrong on our side. Please try again later.' });
    expect(res.body).not.toContain(SECRET);

    const line = built.logs.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.level === 50);
    expect(line).toBeDefined();
    expect(line!.reqId).toBe('req-contract');
    const logged = JSON.stringify(line);
    expect(logged).toContain('GET /api/account/:id answered outside its contract: role: invalid_value');
    expect(built.logs.join('\n')).not.toContain(SECRET);
    expect(built.logs.join('\n')).not.toContain('superuser');
  });

  it('checks the body media type (415) and the body itself (400 naming the field) before the handler runs', async () => {
    let calls = 0;
    const built = await appWith((a) =>
      addRoute(a, demoApi.rename, {
        policy: 'public',
        handler: ({ body }) => {
          calls += 1;
          return { name: body.name };
        },
      }),
    );
    app = built.app;
    const text = await app.inject({ method: 'POST', url: '/api/rename', payload: 'Ani', headers: { 'content-type': 'text/plain' } });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ detail: 'Send the request body as application/json' });
    const empty = await app.inject({ method: 'POST', url: '/api/rename', payload: { name: '' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ field: 'name' });
    expect(calls).toBe(0);
    expect((await app.inject({ method: 'POST', url: '/api/rename', payload: { name: 'Ani' } })).json()).toEqual({ name: 'Ani' });
  });

  it('sends a file answer in its declared media type, and refuses an undeclared one', async () => {
    let type: string | undefined;
    const built = await appWith((a) =>
      addRoute(a, demoApi.report, {
        policy: 'public',
        handler: ({ reply }) => {
          if (type) reply.type(type);
          return 'a,b\n1,2\n';
        },
      }),
    );
    app = built.app;
    const plain = await app.inject({ method: 'GET', url: '/api/report.csv' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^text\/csv/);
    expect(plain.body).toBe('a,b\n1,2\n');

    type = 'text/csv; charset=utf-8';
    expect((await app.inject({ method: 'GET', url: '/api/report.csv' })).headers['content-type']).toBe('text/csv; charset=utf-8');

    type = 'text/html';
    const html = await app.inject({ method: 'GET', url: '/api/report.csv' });
    expect(html.statusCode).toBe(500);
    expect(built.logs.join('\n')).toContain('content-type text/html is not declared');
  });

  it('hands a raw-JSON body over as the exact bytes, within its own body limit', async () => {
    const built = await appWith((a) =>
      addRoute(a, demoApi.hook, { policy: 'public', bodyLimit: 64, handler: ({ body }) => ({ bytes: body.length }) }),
    );
    app = built.app;
    const payload = '{ "id":  "evt_1" }';
    const res = await app.inject({ method: 'POST', url: '/api/hook', payload, headers: { 'content-type': 'application/json' } });
    expect(res.json()).toEqual({ bytes: Buffer.byteLength(payload) });
    const big = await app.inject({
      method: 'POST',
      url: '/api/hook',
      payload: `"${'x'.repeat(100)}"`,
      headers: { 'content-type': 'application/json' },
    });
    expect(big.statusCode).toBe(413);
  });
});
