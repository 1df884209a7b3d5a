import type { AccountRow } from '@prepay/contracts';
import type { InputRef } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { quotaText, useQuota } from '../../components/vending/vending';
import '../../components/vending/office-locales';
import { accountFigureColumns } from './account-figure-columns';
import { AccountTokenList, prefetchAccounts } from './account-list';
import { RechargeDialog } from './recharge-dialog';

/** The page's first read, started with its code by the menu or the router. */
export const prefetch = prefetchAccounts('creditTokenAccounts');

/** The tariff column is left to the chooser: room for the account's figures within 1366 px. */
const OPTIONAL_KEYS = ['tariffId'];

/** Token Generate → Credit Token: accounts, the user's quota, and Recharge per row. */
export default function CreditTokenPage() {
  const { t } = useTranslation();
  const quota = useQuota();
  const [account, setAccount] = useState<AccountRow | null>(null);
  const searchRef = useRef<InputRef>(null);
  const served = useRef(false);
  // The next customer: back in the search box, its text selected, once a vend's dialog has gone (while
  // it is still there its focus trap would take the focus back).
  useEffect(() => {
    if (account) served.current = true;
    else if (served.current) searchRef.current?.focus({ cursor: 'all' });
  }, [account]);
  const close = () => setAccount(null);
  const figureColumns = useMemo(() => accountFigureColumns(t), [t]);
  return (
    <>
      <AccountTokenList
        resource="creditTokenAccounts"
        actionLabel={t('vending.recharge')}
        onAction={setAccount}
        keyboard
        searchRef={searchRef}
        extraColumns={figureColumns}
        optionalKeys={OPTIONAL_KEYS}
        toolbarExtra={
          <>
            <span className="vending-hint" data-testid="keyboard-hint">
              {t('vending.office.searchHint')}
            </span>
            <span className="vending-quota" data-testid="quota">
              {t('vending.quota')}: {quotaText(t, quota.data)}
            </span>
          </>
        }
      />
      {account && <RechargeDialog key={account.meterId} account={account} onClose={close} />}
    </>
  );
}
