import { renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { usePermissionLabel } from '../features/setting/permission-labels';
import { setLanguage } from '../lib/i18n';
import { RouteTableContext } from '../lib/route-context';
import { asyncRoutes, layoutRoutes } from './route-table';

/** The app's own route table, as its providers give it to every page. */
const withRoutes = ({ children }: { children: ReactNode }) =>
  createElement(RouteTableContext.Provider, { value: { asyncRoutes, layoutRoutes } }, children);

describe('permission labels', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it.each([
    ['en', 'Channels', 'Vendors', 'Channel Transactions', 'Reconciliation'],
    ['zh', '销售渠道', '售电商', '渠道交易', '对账'],
    ['es', 'Canales', 'Vendedores', 'Transacciones de canal', 'Conciliación'],
  ])(
    'names the channel keys in %s by their pages in the route table',
    async (lang, group, vendor, sales, daily) => {
      await setLanguage(lang as 'en' | 'zh' | 'es');
      const { result } = renderHook(() => usePermissionLabel(), { wrapper: withRoutes });
      expect(result.current('Channel')).toBe(group);
      expect(result.current('Channel.Vendor')).toBe(vendor);
      expect(result.current('Channel.ChannelTransaction')).toBe(sales);
      expect(result.current('Channel.Reconciliation')).toBe(daily);
    },
  );
});
