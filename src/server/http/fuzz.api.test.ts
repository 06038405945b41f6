import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * Nothing a client sends may cause a 5xx. Every registered route (walked as the route-policy
 * test walks them) gets generated bad input: path parameters, query strings, bodies of every
 * shape under every content type, malformed multipart, deep JSON. The seed is fixed so a
 * failure is reproducible; FUZZ_SEED tries another, FUZZ_RUNS more cases per route.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261121);
const RUNS = Number(process.env.FUZZ_RUNS ?? 50);

/** Text that tends to break parsers: dates that do not exist, numbers as text, odd Unicode, escapes. */
const nasty = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '2026-02-30',
    '2026-13-01',
    '0000-00-00',
    '9999-99-99',
    '2026-11-21',
    '2026-11-21T25:61Z',
    '-1',
    '0',
    '2',
    '1e309',
    'NaN',
    '99999999999999999999999',
    '%ff',
    '%00',
    '\u0000',
    '\ud800',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    'null',
    'true',
    '[]',
    '{}',
    'x'.repeat(5000),
  ),
);

const jsonLeaf = fc.oneof(
  nasty,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 2, 1e300),
);
const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, jsonLeaf, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(fc.oneof(nasty, fc.constantFrom('_id', 'id', 'email', 'amount', 'tier_index', 'content', 'key')), tie('value'), {
    maxKeys: 5,
  }),
})).value;

/** The site's field names, so generated objects reach the rules behind the first check. */
const knownFields = fc.constantFrom(
  '_id',
  'title',
  'dated',
  'content',
  'categories',
  'name',
  'role',
  'image',
  'description',
  'priority',
  'email',
  'amount',
  'gift_aid',
  'tier_index',
  'grad_year',
  'first_name',
  'plain_pw',
  'payment_id',
  'client_secret',
  'card_number',
  'uid',
  'newPassword',
  'key',
  'value',
  'user_id',
  'decision',
  'note',
  'enabled',
  'everywhere',
  'username',
  'password',
);
const objectWithKnownFields = fc.dictionary(knownFields, jsonValue, { maxKeys: 8 });

/** JSON nested far deeper than any request of the site (written out, not stringified). */
const deepJson = fc.integer({ min: 100, max: 20_000 }).map((depth) => `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`);

const boundary = 'fuzzBoundary';
const multipartBody = fc
  .array(
    fc.record({
      name: fc.oneof(fc.constant('file'), nasty),
      filename: fc.option(nasty),
      type: fc.option(fc.constantFrom('image/png', 'image/jpeg', 'text/plain', '')),
      data: fc.oneof(
        nasty,
        fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
      ),
      broken: fc.boolean(),
    }),
    { maxLength: 3 },
  )
  .map(
    (parts) =>
      parts
        .map((part) => {
          const disposition = `Content-Disposition: form-data; name="${part.name}"${part.filename !== null ? `; filename="${part.filename}"` : ''}`;
          const type = part.type !== null ? `\r\nContent-Type: ${part.type}` : '';
          return `--${boundary}\r\n${part.broken ? disposition.slice(0, 10) : disposition}${type}\r\n\r\n${part.data}\r\n`;
        })
        .join('') + (parts.length % 2 === 0 ? `--${boundary}--\r\n` : ''),
  );

type Payload = { contentType?: string; body?: string };
const payload: fc.Arbitrary<Payload> = fc.oneof(
  fc.constant({}),
  jsonValue.map((v) => ({ contentType: 'application/json', body: JSON.stringify(v) ?? 'null' })),
  objectWithKnownFields.map((v) => ({ contentType: 'application/json', body: JSON.stringify(v) })),
  nasty.map((text) => ({ contentType: 'application/json', body: text })),
  deepJson.map((body) => ({ contentType: 'application/json', body })),
  objectWithKnownFields.map((v) => ({
    contentType: 'application/x-www-form-urlencoded',
    body: new URLSearchParams(
      Object.entries(v).map(([k, value]) => [k, typeof value === 'string' ? value : JSON.stringify(value)]),
    ).toString(),
  })),
  nasty.map((text) => ({ contentType: 'application/x-www-form-urlencoded', body: text })),
  multipartBody.map((body) => ({ contentType: `multipart/form-data; boundary=${boundary}`, body })),
  nasty.map((body) => ({ contentType: 'multipart/form-data', body })),
  fc.record({
    contentType: fc.constantFrom('text/plain', 'application/xml', 'application/json; charset=utf-16', 'application/json;;', '*/*', 'x'),
    body: nasty,
  }),
);

const query = fc
  .dictionary(
    fc.oneof(
      fc.constantFrom(
        'from',
        'to',
        'page',
        'page_size',
        'q',
        'status',
        'kind',
        'sort',
        'dir',
        'tier',
        'role',
        'limit',
        'cursor',
        'category',
      ),
      nasty,
    ),
    fc.oneof(nasty, fc.array(nasty, { maxLength: 3 })),
    { maxKeys: 4 },
  )
  .map((values) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(values)) for (const one of [value].flat()) search.append(key, one);
    return search.toString();
  });

/** A path parameter: anything, percent-encoded or not (a lone %ff is not valid encoding). */
const encoded = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return text; // a lone surrogate has no encoding: sent as it is
  }
};
const pathParam = fc.oneof(
  nasty.map((text) => encoded(text).slice(0, 600)),
  fc.constantFrom('%ff', '%', '%E0%A4%A', '..', '%2e%2e', 'x'.repeat(2000), 'a.png', '00000000-0000-0000-0000-000000000000.png'),
);

describe('no 5xx for anything a client sends', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['userWithRole']>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.userWithRole('admin');
  });
  afterAll(() => t.close());

  /** A fresh token for each call of sign-out, which ends the token it is sent with. */
  const tokenFor = async (url: string) => {
    if (url !== '/api/sign_out') return admin.authorization;
    const user = (await t.services.accountsRepo.findById(admin.id))!;
    return `Bearer ${await t.services.sessions.start(user, { ip: '127.0.0.1' }, 'password+totp')}`;
  };

  // Each case comes from its own address, so per-address limits do not turn later cases into
  // 429s that never reach the code behind them.
  let cases = 0;
  const nextAddress = () => {
    cases++;
    return `10.${(cases >> 16) & 255}.${(cases >> 8) & 255}.${cases & 255}`;
  };

  it('answers every registered route with a 4xx or a success, never a 5xx', async () => {
    const routes = t.app.registeredRoutes;
    expect(routes.length).toBeGreaterThan(40);
    for (const [index, route] of routes.entries()) {
      const params = (route.url.match(/:[A-Za-z_]+/g) ?? []).length;
      const request = fc.record({
        params: fc.array(pathParam, { minLength: params, maxLength: params }),
        query,
        payload,
        signedIn: fc.boolean(),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ params: values, query: search, payload: sent, signedIn }) => {
          let url = route.url;
          for (const value of values) url = url.replace(/:[A-Za-z_]+/, value);
          const headers: Record<string, string> = signedIn ? { authorization: await tokenFor(route.url) } : {};
          if (sent.contentType) headers['content-type'] = sent.contentType;
          const res = await t.app.inject({
            method: route.method as 'GET' | 'POST',
            url: search ? `${url}?${search}` : url,
            headers,
            remoteAddress: nextAddress(),
            ...(route.method === 'GET' || sent.body === undefined ? {} : { payload: sent.body }),
          });
          const label = `${route.method} ${url} ${sent.contentType ?? ''} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(res.statusCode, label).toBeLessThan(500);
          if (res.statusCode >= 400) expect(res.json(), label).toHaveProperty('detail');
        }),
        { seed: SEED + index, numRuns: RUNS, endOnFailure: true },
      );
    }
  });
});
