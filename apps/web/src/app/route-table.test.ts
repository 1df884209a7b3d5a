import { describe, expect, it } from 'vitest';
import type { AppRoute } from '../lib/routes';
import en from '../locales/en.json';
import es from '../locales/es.json';
import zh from '../locales/zh.json';
import { asyncRoutes, bareRoutes, constantRoutes } from './route-table';

const flat = (routes: readonly AppRoute[]): AppRoute[] =>
  routes.flatMap((r) => [r, ...flat(r.children ?? [])]);
const all = flat([...bareRoutes, ...constantRoutes, ...asyncRoutes]);

describe('route table', () => {
  // A gated page's title key is its path segment camel-cased: every one must name a string in each language.
  it.each([
    ['en', en.route],
    ['zh', zh.route],
    ['es', es.route],
  ] as const)('every entry has its title in %s', (_lang, titles) => {
    const missing = all.filter((r) => !r.title || !(r.title in titles)).map((r) => r.path);
    expect(missing).toEqual([]);
  });

  it('names a page by its segment: title key, path and permission key', () => {
    const meter = all.find((r) => r.path === '/management/meter');
    expect(meter).toMatchObject({ name: 'Management.Meter', title: 'meter', gated: true });
    const longest = all.find((r) => r.name === 'Token.SetMaximumPhasePowerUnbalanceLimitToken');
    expect(longest).toMatchObject({
      path: '/token-generate/set-maximum-phase-power-unbalance-limit-token',
      title: 'setMaximumPhasePowerUnbalanceLimitToken',
    });
    const roleOnly = all.find((r) => r.name === 'TokenRecord.CancelCreditTokenRecord');
    expect(roleOnly).toMatchObject({ onlyRole: true, title: 'cancelCreditTokenRecord' });
    expect(roleOnly?.component).toBeUndefined();
  });
});
