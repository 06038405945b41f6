import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredEndpoints } from '../../shared/api/declared-endpoints';
import { pageOf } from '../../shared/domain/page-paths';
import { OpenApiConformance, type OpenApiDoc } from '../testing/openapi-conformance';
import { createTestApp, type TestApp } from '../testing/test-app';
import { openApiPath } from './openapi';

type Operation = {
  operationId: string;
  tags: string[];
  'x-policy': string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required: boolean; schema: object }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: object }> }>;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; components: Record<string, Record<string, unknown>> };

/**
 * The web app's own pages are not part of the API: GET / (registered only when the front end is
 * built) and the forms posted to a page (decision 085).
 */
const isPage = (route: { url: string; endpoint?: unknown }) => route.endpoint === undefined && pageOf(route.url) !== null;

describe('GET /api/openapi.json', () => {
  let t: TestApp;
  let doc: Document;

  beforeAll(async () => {
    // With the journeys' test outbox, so that every declared route is registered.
    t = await createTestApp({ E2E_OUTBOX: 'on' });
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    doc = res.json();
  });
  afterAll(() => t.close());

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));

  it('documents every registered route with its policy, and nothing else', () => {
    const routes = t.app.registeredRoutes.filter((r) => !isPage(r));
    expect(routes.length).toBeGreaterThan(50);
    const missing = routes.filter((r) => doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()] === undefined);
    expect(missing.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    for (const r of routes) expect(doc.paths[openApiPath(r.url)]![r.method.toLowerCase()]!['x-policy'], r.url).toBe(r.policy);

    const registered = new Set(routes.map((r) => `${r.method.toLowerCase()} ${openApiPath(r.url)}`));
    const extra = operations().filter(({ path, method }) => !registered.has(`${method} ${path}`));
    expect(extra.map(({ path, method }) => `${method} ${path}`)).toEqual([]);
  });

  it('registers every endpoint declared in src/shared/api', () => {
    const registered = new Set(t.app.registeredRoutes.map((r) => `${r.method} ${r.url}`));
    const unregistered = declaredEndpoints().filter((e) => !registered.has(`${e.method} ${e.path}`));
    expect(unregistered.map((e) => `${e.method} ${e.path}`)).toEqual([]);
  });

  it('is a valid OpenAPI 3.1 document whose schemas are valid JSON Schema 2020-12', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);

    const ajv = new Ajv2020({ strict: true, validateFormats: false });
    let schemas = 0;
    for (const { op } of operations()) {
      const bodies = Object.values(op.requestBody?.content ?? {}).map((c) => c.schema);
      const answers = Object.values(op.responses).flatMap((r) => Object.values(r.content ?? {}).map((c) => c.schema));
      for (const schema of [...bodies, ...answers, ...(op.parameters ?? []).map((p) => p.schema)]) {
        if ('$ref' in schema) continue;
        expect(() => ajv.compile(schema), op.operationId).not.toThrow();
        schemas += 1;
      }
    }
    expect(schemas).toBeGreaterThan(80);
  });

  it('names who may call each route: a bearer token for members, editors and admins, with their refusals', () => {
    for (const { path, method, op } of operations()) {
      const label = `${method} ${path}`;
      if (op['x-policy'] === 'public') {
        expect(op.security, label).toBeUndefined();
        // A public route that refuses some callers (a wrong password, a members-only event) says so itself.
        if (op.responses['401']) expect(op.responses['401'].$ref, label).toBeUndefined();
      } else {
        expect(op.security, label).toEqual([{ [op['x-policy'] === 'operator' ? 'operatorToken' : 'bearer']: [] }]);
        expect(op.responses['401'], label).toEqual({ $ref: '#/components/responses/Unauthorized' });
      }
      if (['editor', 'admin', 'operator'].includes(op['x-policy'])) expect(op.responses['403'], label).toBeDefined();
      expect(op.responses['500'], label).toEqual({ $ref: '#/components/responses/ServerError' });
      expect(op.tags, label).toHaveLength(1);
    }
    expect(doc.paths['/api/set_string']!.post!['x-policy']).toBe('admin');
    expect(doc.paths['/api/new_article']!.post!['x-policy']).toBe('editor');
    expect(doc.paths['/api/member_info']!.get!['x-policy']).toBe('member');
    expect(doc.paths['/metrics']!.get!['x-policy']).toBe('operator');
  });

  it('describes bodies, parameters and answers from the same schemas the server uses', () => {
    const token = doc.paths['/api/token']!.post!;
    const form = token.requestBody!.content['application/x-www-form-urlencoded']!.schema;
    expect(form.required).toEqual(['username', 'password']);
    expect(token.responses['200']!.content!['application/json']!.schema).toMatchObject({
      properties: { access_token: { type: 'string' }, token_type: { const: 'bearer' } },
      additionalProperties: false,
    });
    expect(token.responses['400']).toEqual({ $ref: '#/components/responses/BadRequest' });
    expect(token.responses['415']).toEqual({ $ref: '#/components/responses/UnsupportedMediaType' });

    // register_proceed takes JSON or a form-encoded body, the same schema for both.
    const register = doc.paths['/api/register_proceed']!.post!;
    expect(Object.keys(register.requestBody!.content).sort()).toEqual(['application/json', 'application/x-www-form-urlencoded']);
    expect(register.requestBody!.content['application/json']!.schema).toEqual(
      register.requestBody!.content['application/x-www-form-urlencoded']!.schema,
    );
    expect(register.responses['502']).toBeDefined();

    const image = doc.paths['/api/images/{id}.{ext}']!.get!;
    expect(image.parameters!.map((p) => [p.name, p.in, p.required])).toEqual([
      ['id', 'path', true],
      ['ext', 'path', true],
    ]);
    expect(Object.keys(image.responses['200']!.content!)).toEqual(['image/png', 'image/jpeg']);
    expect(image.responses['404']).toBeDefined();

    // An intersection of filters and paging still lists each query parameter once.
    const payments = doc.paths['/api/admin/payments']!.get!;
    expect(payments.parameters!.map((p) => p.name).sort()).toEqual([
      'after',
      'before',
      'from',
      'kind',
      'page',
      'page_size',
      'q',
      'status',
      'to',
    ]);
    expect(payments.parameters!.every((p) => p.in === 'query' && !p.required)).toBe(true);

    expect(Object.keys(doc.paths['/api/admin/members.csv']!.get!.responses['200']!.content!)).toEqual(['text/csv']);
    expect(doc.paths['/api/payments/webhook']!.post!.requestBody!.content['application/json']).toBeDefined();
    expect(doc.paths['/api/image_upload']!.post!.requestBody!.content['multipart/form-data']!.schema.required).toEqual(['file']);
    // docs/product.md section 7 names stay as they are.
    expect(doc.paths['/api/new_article']!.post!.responses['200']!.content!['application/json']!.schema).toMatchObject({
      required: ['inserted_id'],
    });
    expect(doc.paths['/api/donate_proceed']!.post!.responses['200']!.content!['application/json']!.schema).toMatchObject({
      properties: { clientSecret: { type: 'string' } },
    });
  });

  it('tells the truth where it was found to lie: the export is an object, a wrong password is 401, settings go back whole', () => {
    const exported = doc.paths['/api/account/export']!.get!.responses['200']!.content!['application/json']!.schema;
    expect(exported).toMatchObject({ type: 'object', required: expect.arrayContaining(['account', 'payments', 'emails_sent']) });
    expect(doc.paths['/api/token']!.post!.responses['401']).toMatchObject({
      description: expect.stringContaining('Email or password not recognized'),
      content: { 'application/json': { schema: { properties: { detail: { type: 'string' }, second_factor: { type: 'array' } } } } },
    });
    const settingsPost = doc.paths['/api/admin/settings']!.post!.requestBody!.content['application/json']!.schema;
    const settingsGet = doc.paths['/api/admin/settings']!.get!.responses['200']!.content!['application/json']!.schema;
    expect(Object.keys(settingsPost.properties!).sort()).toEqual(Object.keys((settingsGet as typeof settingsPost).properties!).sort());
    // A conditional GET may answer 304; a path parameter past the router's limit, 414.
    expect(doc.paths['/api/string_table_v2']!.get!.responses['304']).toEqual({ $ref: '#/components/responses/NotModified' });
    expect(doc.paths['/api/articles/{id}']!.get!.responses['414']).toEqual({ $ref: '#/components/responses/UriTooLong' });
    // Any route may find the database unavailable: 503 with Retry-After (decision 095).
    expect(doc.paths['/api/articles/{id}']!.get!.responses['503']).toEqual({ $ref: '#/components/responses/Unavailable' });
  });

  it('finds an answer it does not describe (the check every API test runs through the test app)', async () => {
    const check = new OpenApiConformance((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApiDoc>());
    const json = (statusCode: number, body: unknown, type = 'application/json; charset=utf-8') => ({
      statusCode,
      headers: { 'content-type': type },
      rawPayload: Buffer.from(JSON.stringify(body)),
    });
    const health = { route: '/api/health', url: '/api/health' };
    const healthy = { status: 'ok', database: { reachable: true, writable: true } };
    expect(check.problems('GET', health, json(200, healthy))).toEqual([]);
    expect(check.problems('GET', health, json(200, { ...healthy, status: 'fine' }))[0]).toMatch(/outside the documented schema/);
    expect(check.problems('GET', health, json(200, { status: 'ok' }))[0]).toMatch(/outside the documented schema/);
    expect(check.problems('GET', health, json(404, { detail: 'x' }))[0]).toMatch(/status the document does not list/);
    expect(check.problems('GET', health, json(200, healthy, 'text/html'))[0]).toMatch(/as text\/html/);
    // Health's own 503 says which part is down, in its own shape; any other route's 503 is the error shape.
    expect(check.problems('GET', health, json(503, { status: 'read_only', database: { reachable: true, writable: false } }))).toEqual([]);
    expect(check.problems('GET', health, json(503, { detail: 'x' }))[0]).toMatch(/outside the documented schema/);
    // Errors are held to the shared error shape, through the references.
    const token = { route: '/api/token', url: '/api/token' };
    expect(check.problems('POST', token, json(401, { detail: 'Email or password not recognized' }))).toEqual([]);
    expect(check.problems('POST', token, json(401, { error: 'no' }))[0]).toMatch(/outside the documented schema/);
    // Refused before routing: matched by its path.
    expect(check.problems('GET', { route: undefined, url: '/api/articles/x' }, json(414, { detail: 'long' }))).toEqual([]);
    // Pages and files the document does not cover are not its business.
    expect(check.problems('GET', { route: '/*', url: '/favicon.svg' }, json(200, 'x', 'image/svg+xml'))).toEqual([]);
  });

  it('is public', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { authorization: 'Bearer nonsense' } });
    expect(res.statusCode).toBe(200);
  });
});
