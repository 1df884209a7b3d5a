import { ACCOUNT_API, type AccountRow } from '@prepay/contracts';
import type { InputRef } from 'antd';
import { Button } from 'antd';
import { type ComponentType, type ReactNode, type RefObject, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  dateRangeColumn,
  optionColumn,
  stationColumn,
  textColumn,
} from '../../components/list-page/common-columns';
import { type ListColumn, ListPage } from '../../components/list-page/list-page';
import { type ListSpec, prefetchList } from '../../components/list-page/list-query';
import { useIsSystemAdmin, useStations } from '../../components/list-page/lookups';
import { meterTypeOptions } from '../../components/meter-options';
import '../../components/vending/locales';
import '../../components/vending/vending.css';

const accountList = (resource: string): ListSpec<AccountRow> => ({
  resource,
  read: ACCOUNT_API.read,
  defaultSort: { field: 'customerId', direction: 'asc' },
});

/** A Token Generate page's first read, started with its code by the menu or the router. */
export const prefetchAccounts = (resource: string) => prefetchList(accountList(resource));

/**
 * The account grid every Token Generate page starts from (original §16.5): search, header filters and
 * sort over /api/account/read, one action per row.
 */
export function AccountTokenList(props: {
  resource: string;
  actionLabel: string;
  onAction: (row: AccountRow) => void;
  toolbarExtra?: ReactNode;
  extraColumns?: ListColumn<AccountRow>[];
  /** Base columns this page leaves to the column chooser (room for its extra columns within 1366 px). */
  optionalKeys?: string[];
  /** Keyboard-first (Credit Token): search focused on open, Enter goes to the first row's action. */
  keyboard?: boolean;
  searchRef?: RefObject<InputRef | null>;
}) {
  const { t } = useTranslation();
  const isAdmin = useIsSystemAdmin();
  const stations = useStations();
  const columns: ListColumn<AccountRow>[] = [
    textColumn('customerId', t('vending.customerId'), 130),
    textColumn('customerName', t('vending.customerName'), 160),
    textColumn('meterId', t('vending.meterId'), 140),
    optionColumn('meterType', t('vending.meterType'), meterTypeOptions(t), 110),
    textColumn('tariffId', t('vending.tariffId'), 110),
    textColumn('protocolVersion', t('vending.protocolVersion'), 130, { optional: true }),
    ...(props.extraColumns ?? []),
    { key: 'remark', title: t('vending.remark'), ellipsis: true, width: 140, optional: true },
    { ...dateRangeColumn('createDate', t('vending.createTime')), optional: true },
    ...stationColumn<AccountRow>(t, isAdmin, stations.data),
  ].map((c) => (props.optionalKeys?.includes(c.key) ? { ...c, optional: true } : c));
  return (
    <ListPage<AccountRow>
      {...accountList(props.resource)}
      rowKey={(r) => r.meterId}
      columns={columns}
      toolbarExtra={props.toolbarExtra}
      keyboard={props.keyboard}
      searchRef={props.searchRef}
      actionsWidth={130}
      actions={(row) => (
        <Button size="small" type="link" data-testid="row-action" onClick={() => props.onAction(row)}>
          {props.actionLabel}
        </Button>
      )}
    />
  );
}

/** What a row action's dialog is given: the account picked, and how to close. */
export interface AccountDialogProps {
  account: AccountRow;
  onClose: () => void;
}

/**
 * A Token Generate page whose row action opens a dialog for that account: the account grid, and the
 * dialog while one is open (a fresh one per meter). Returns the page module's `prefetch` and `Page`.
 */
export function accountDialogPage(spec: {
  resource: string;
  /** Translation key of the row action. */
  actionLabel: string;
  Dialog: ComponentType<AccountDialogProps>;
}) {
  const { resource, actionLabel, Dialog } = spec;
  function Page() {
    const { t } = useTranslation();
    const [account, setAccount] = useState<AccountRow | null>(null);
    return (
      <>
        <AccountTokenList resource={resource} actionLabel={t(actionLabel)} onAction={setAccount} />
        {account && <Dialog key={account.meterId} account={account} onClose={() => setAccount(null)} />}
      </>
    );
  }
  return { prefetch: prefetchAccounts(resource), Page };
}
