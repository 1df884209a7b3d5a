import { AUTH_API, groupsOfFour, ITEM_API } from '@prepay/contracts';
import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/call';
import { currentLanguage } from '../../lib/i18n';
import './locales';
import './vending.css';

/** A token in groups of four with a copy button (copies the groups, as the customer types them). */
export function TokenText({ token, testId = 'token-text' }: { token: string; testId?: string }) {
  const { t } = useTranslation();
  const text = groupsOfFour(token);
  if (!text) return null;
  return (
    <Typography.Text
      className="vending-token"
      data-testid={testId}
      copyable={{ text, tooltips: [t('vending.copy'), t('vending.copied')] }}
    >
      {text}
    </Typography.Text>
  );
}

export { useHasPermission } from '../../lib/session';
// Where the token record pages look for them; one definition each.
export { labelOf } from '../list-page/common-columns';
export { meterTypeOptions } from '../meter-options';

interface QuotaInfo {
  quota: number;
  remainingQuota: number;
  totalQuota: number;
}

export const QUOTA_KEY = ['vending', 'quota'] as const;

/** The signed-in user's vending quota (kWh; -1 = no limit), re-read after every vend and cancel. */
export function useQuota() {
  return useQuery({
    queryKey: QUOTA_KEY,
    queryFn: () => call(AUTH_API.info, undefined, { silent: true }),
  });
}

export function quotaText(t: TFunction, q: QuotaInfo | undefined): string {
  if (!q) return '…';
  if (q.quota === -1 || q.totalQuota === -1) return t('vending.noLimit');
  return `${q.remainingQuota}/${q.totalQuota}`;
}

interface ItemEntry {
  id: string;
  name: string;
}

/** One type of the item dictionary (Setting → Item) in the user's language, shared for a minute. */
function useItemList<T>(itemType: string, select: (rows: ItemEntry[]) => T) {
  const lang = currentLanguage();
  return useQuery({
    queryKey: ['lookup', 'item', itemType, lang],
    queryFn: () => call(ITEM_API.readList, { itemType, lang }, { silent: true }),
    staleTime: 60_000,
    select,
  });
}

const toOptions = (rows: ItemEntry[]) => rows.map((r) => ({ value: r.name, label: r.name }));
const toBasicInformation = (rows: ItemEntry[]) => ({
  company: rows.find((r) => r.id === 'Company')?.name ?? null,
  currency: rows.find((r) => r.id === 'Currency')?.name ?? null,
});

/** Payment methods from the item dictionary (Setting → Item, type PaymentMethod). */
export const usePaymentMethods = () => useItemList('PaymentMethod', toOptions);

/** Company name and currency from the item dictionary (type BasicInformation), in the user's language. */
export const useBasicInformation = () => useItemList('BasicInformation', toBasicInformation);
