import { describe, expect, it } from 'vitest';
import {
  type AppRoute,
  breadcrumbFor,
  filterRoutes,
  groupTarget,
  lazyPage,
  matchChain,
  searchPool,
} from './routes';

const page = { component: lazyPage(async () => ({ default: () => null })) };
const table: AppRoute[] = [
  { path: '/dashboard', name: 'Dashboard', title: 'dashboard', affix: true, ...page },
  { path: '/profile/index', name: 'Profile', title: 'profile', hidden: true, ...page },
  {
    path: '/token-generate',
    name: 'Token',
    title: 'tokenGenerate',
    gated: true,
    alwaysShow: true,
    children: [
      {
        path: '/token-generate/credit-token',
        name: 'Token.CreditToken',
        title: 'creditToken',
        gated: true,
        ...page,
      },
      {
        path: '/token-generate/clear-tamper-token',
        name: 'Token.ClearTamperToken',
        title: 'clearTamperToken',
        gated: true,
        ...page,
      },
    ],
  },
  {
    path: '/token-record',
    name: 'TokenRecord',
    title: 'tokenRecord',
    gated: true,
    children: [
      {
        path: '/token-record/credit-token-record',
        name: 'TokenRecord.CreditTokenRecord',
        title: 'creditTokenRecord',
        gated: true,
        ...page,
      },
      {
        path: '/token-record/cancel',
        name: 'TokenRecord.CancelCreditTokenRecord',
        title: 'cancelCreditTokenRecord',
        gated: true,
        onlyRole: true,
      },
    ],
  },
  {
    path: '/prepay-report',
    name: 'PrepayReport',
    title: 'prepayReport',
    gated: true,
    children: [
      {
        path: '/prepay-report/daily-data',
        name: 'AutomaticMeterReading.DailyData',
        title: 'dailyData',
        gated: true,
        ...page,
      },
    ],
  },
  {
    path: '/management',
    name: 'Management',
    title: 'management',
    gated: true,
    redirect: '/management/meter',
    children: [
      { path: '/management/meter', name: 'Management.Meter', title: 'meter', gated: true, ...page },
      { path: '/management/gateway', name: 'Management.Gateway', title: 'gateway', gated: true, ...page },
    ],
  },
];

const paths = (routes: AppRoute[]): string[] => routes.flatMap((r) => [r.path, ...paths(r.children ?? [])]);

describe('filterRoutes (spec §6)', () => {
  it('keeps constant routes and nothing gated for an empty role', () => {
    expect(paths(filterRoutes(table, ''))).toEqual(['/dashboard', '/profile/index']);
  });

  it('a child key keeps its parent group and only that child', () => {
    expect(paths(filterRoutes(table, 'Management.Gateway'))).toEqual([
      '/dashboard',
      '/profile/index',
      '/management',
      '/management/gateway',
    ]);
  });

  it('a parent key alone keeps the group but no child', () => {
    const kept = filterRoutes(table, 'Token');
    expect(paths(kept)).toContain('/token-generate');
    expect(paths(kept)).not.toContain('/token-generate/credit-token');
  });

  it('follows the original R6: AutomaticMeterReading keys do not open the PrepayReport group', () => {
    expect(paths(filterRoutes(table, 'AutomaticMeterReading.DailyData'))).not.toContain(
      '/prepay-report/daily-data',
    );
    expect(paths(filterRoutes(table, 'PrepayReport.X,AutomaticMeterReading.DailyData'))).toContain(
      '/prepay-report/daily-data',
    );
  });

  it('trims entries (the original dropped only the first space)', () => {
    expect(paths(filterRoutes(table, 'Token.CreditToken, Management.Meter'))).toEqual(
      expect.arrayContaining(['/token-generate/credit-token', '/management/meter']),
    );
  });

  it('keeps role-only entries as permissions but they have no page', () => {
    const kept = filterRoutes(table, 'TokenRecord.CancelCreditTokenRecord');
    expect(paths(kept)).toContain('/token-record/cancel');
    const group = kept.find((r) => r.path === '/token-record') as AppRoute;
    expect(groupTarget(group)).toBeUndefined();
  });
});

describe('matchChain, groupTarget and breadcrumb', () => {
  it('matches a page with its group', () => {
    expect(matchChain(table, '/management/meter/').map((r) => r.name)).toEqual([
      'Management',
      'Management.Meter',
    ]);
    expect(matchChain(table, '/nowhere')).toEqual([]);
  });

  it('a group goes to its redirect when granted, else its first page', () => {
    const all = filterRoutes(table, 'Management.Meter,Management.Gateway');
    expect(groupTarget(all.find((r) => r.path === '/management') as AppRoute)).toBe('/management/meter');
    const some = filterRoutes(table, 'Management.Gateway');
    expect(groupTarget(some.find((r) => r.path === '/management') as AppRoute)).toBe('/management/gateway');
  });

  it('puts Dashboard first; the last crumb is plain text', () => {
    const crumbs = breadcrumbFor(matchChain(table, '/management/gateway'));
    expect(crumbs.map((c) => c.title)).toEqual(['dashboard', 'management', 'gateway']);
    expect(crumbs.map((c) => c.to)).toEqual(['/dashboard', '/management/meter', undefined]);
    expect(breadcrumbFor(matchChain(table, '/dashboard')).map((c) => c.title)).toEqual(['dashboard']);
  });
});

describe('searchPool', () => {
  it('lists titled entries with their parents, skipping hidden and role-only ones', () => {
    const pool = searchPool(
      filterRoutes(table, 'TokenRecord.CreditTokenRecord,TokenRecord.CancelCreditTokenRecord'),
      (k) => k.toUpperCase(),
    );
    expect(pool.map((e) => e.title.join(' > '))).toEqual([
      'DASHBOARD',
      'TOKENRECORD',
      'TOKENRECORD > CREDITTOKENRECORD',
    ]);
    expect(pool[1]?.path).toBe('/token-record/credit-token-record');
  });
});
