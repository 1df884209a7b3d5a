import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { usePermissionLabel } from './permission-labels';

describe('permission labels', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it.each([
    ['en', 'Channels', 'Vendors'],
    ['zh', '销售渠道', '售电商'],
    ['es', 'Canales', 'Vendedores'],
  ])('names the channel keys in %s though they have no page yet', async (lang, group, vendor) => {
    await setLanguage(lang as 'en' | 'zh' | 'es');
    const { result } = renderHook(() => usePermissionLabel());
    expect(result.current('Channel')).toBe(group);
    expect(result.current('Channel.Vendor')).toBe(vendor);
  });
});
