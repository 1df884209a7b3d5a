import { ACCOUNT_API, type AccountRow } from '@prepay/contracts';
import type { InputRef } from 'antd';
import type { TFunction } from 'i18next';
import { type ComponentType, type ReactNode, type RefObject, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  dateRangeColumn,
  optionColumn,
  stationColumn,
  textColumn,
} from '../../components/list-page/common-columns';
import type { StationOptions } from '../../components/list-page/crud-page';
import { RowAction } from '../../components/list-page/edit-action';
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
  const { extraColumns, optionalKeys, onAction, actionLabel } = props;
  // Built when the language, the station rights or the page's own columns change: the grid redraws every
  // row when its columns or its Actions function change.
  const columns = useMemo(
    () => accountColumns(t, isAdmin, stations.data, extraColumns, optionalKeys),
    [t, isAdmin, stations.data, extraColumns, optionalKeys],
  );
  const actions = useMemo(
    () => (row: AccountRow) => (
      <RowAction testId="row-action" onClick={() => onAction(row)}>
        {actionLabel}
      </RowAction>
    ),
    [onAction, actionLabel],
  );
  return (
    <ListPage<AccountRow>
      {...accountList(props.resource)}
      rowKey={accountRowKey}
      columns={columns}
      toolbarExtra={props.toolbarExtra}
      keyboard={props.keyboard}
      searchRef={props.searchRef}
      actionsWidth={130}
      actions={actions}
    />
  );
}

const accountRowKey = (r: AccountRow) => r.meterId;

/** The account grid's columns; `optionalKeys` leaves those base columns to the chooser. */
function accountColumns(
  t: TFunction,
  isAdmin: boolean,
  stations: StationOptions,
  extraColumns: ListColumn<AccountRow>[] = [],
  optionalKeys: string[] = [],
): ListColumn<AccountRow>[] {
  const columns: ListColumn<AccountRow>[] = [
    textColumn('customerId', t('vending.customerId'), 130),
    textColumn('customerName', t('vending.customerName'), 160),
    textColumn('meterId', t('vending.meterId'), 140),
    optionColumn('meterType', t('vending.meterType'), meterTypeOptions(t), 110),
    textColumn('tariffId', t('vending.tariffId'), 110),
    textColumn('protocolVersion', t('vending.protocolVersion'), 130, { optional: true }),
    ...extraColumns,
    { key: 'remark', title: t('vending.remark'), ellipsis: true, width: 140, optional: true },
    { ...dateRangeColumn('createDate', t('vending.createTime')), optional: true },
    ...stationColumn<AccountRow>(t, isAdmin, stations),
  ];
  return columns.map((c) => (optionalKeys.includes(c.key) ? { ...c, optional: true } : c));
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
