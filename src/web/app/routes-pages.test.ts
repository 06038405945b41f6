import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PAGE } from '../../shared/domain/page-paths';
import { routes } from './routes';

function paths(list: RouteObject[]): string[] {
  return list.flatMap((route) => [...(route.path ? [route.path] : []), ...paths(route.children ?? [])]);
}

describe('the routes', () => {
  it('are exactly the site’s pages, and the not-found page', () => {
    const routed = paths(routes).filter((path) => path !== '*');
    expect(new Set(routed).size).toBe(routed.length);
    expect([...routed].sort()).toEqual(
      Object.values(PAGE)
        .filter((path) => path !== PAGE.home)
        .sort(),
    );
  });
});
