import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoints, file, isFileAnswer, pathOf, pathParamNames } from './contract';
import { declaredEndpoints } from './declared-endpoints';

describe('the API contract', () => {
  const endpoints = declaredEndpoints();

  it('finds every resource', () => {
    const resources = new Set(endpoints.map((e) => e.resource));
    const expected = ['accounts', 'admin', 'articles', 'committee', 'donations', 'events', 'feeds', 'images', 'membership'];
    for (const resource of [...expected, 'payments', 'site-text', 'system', 'testing']) expect(resources, resource).toContain(resource);
  });

  it('declares each method and path once', () => {
    const keys = endpoints.map((e) => `${e.method} ${e.path}`);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
    const ids = endpoints.map((e) => `${e.resource}.${e.name}`);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('gives every path parameter a schema, and no more', () => {
    for (const endpoint of endpoints) {
      const label = `${endpoint.method} ${endpoint.path}`;
      const names = pathParamNames(endpoint.path);
      if (!endpoint.params) {
        expect(names, label).toEqual([]);
        continue;
      }
      expect(endpoint.params, label).toBeInstanceOf(z.ZodObject);
      expect(Object.keys((endpoint.params as z.ZodObject).shape).sort(), label).toEqual([...names].sort());
    }
  });

  it('gives API answers a JSON schema or a declared file type, and JSON and form bodies a schema', () => {
    for (const endpoint of endpoints) {
      const label = `${endpoint.method} ${endpoint.path}`;
      if (isFileAnswer(endpoint.response)) expect(endpoint.response.file.length, label).toBeGreaterThan(0);
      else expect(endpoint.response, label).toBeInstanceOf(z.ZodType);
      if (endpoint.body && 'schema' in endpoint.body) expect(endpoint.body.schema, label).toBeInstanceOf(z.ZodType);
      if (endpoint.method === 'GET') expect(endpoint.body, label).toBeUndefined();
    }
  });

  it('builds paths with each parameter encoded', () => {
    const api = defineEndpoints('demo', {
      image: {
        method: 'GET',
        path: '/api/images/:id.:ext',
        summary: 'x',
        params: z.object({ id: z.string(), ext: z.string() }),
        response: file('image/png'),
      },
    });
    expect(pathOf(api.image, { id: 'a/b?c', ext: 'png' })).toBe('/api/images/a%2Fb%3Fc.png');
    expect(pathParamNames(api.image.path)).toEqual(['id', 'ext']);
    expect(() => pathOf(api.image, { id: 'a' })).toThrow(/ext/);
    expect(api.image).toMatchObject({ resource: 'demo', name: 'image' });
  });
});
