import type { AccountRow } from '@prepay/contracts';
import type { TFunction } from 'i18next';
import type { ListColumn } from '../../components/list-page/list-page';
import { money } from '../../components/vending/amount';
import '../../components/vending/office-locales';

const moneyCell = (key: string) => (value: unknown) => (
  <span data-testid={`cell-${key}`}>{money(value)}</span>
);

/**
 * What the cashier sees of each account before a sale, in the Credit Token grid: the debt still owed, the
 * change carried from earlier sales and the last purchase (date, then what was paid); the address on
 * demand. Read-only figures: the server neither filters nor sorts on them.
 */
export function accountFigureColumns(t: TFunction): ListColumn<AccountRow>[] {
  return [
    {
      key: 'remainingDebt',
      title: t('vending.office.accountDebt'),
      width: 90,
      render: moneyCell('remainingDebt'),
    },
    {
      key: 'carriedChange',
      title: t('vending.office.accountCarried'),
      width: 100,
      render: moneyCell('carriedChange'),
    },
    {
      key: 'lastPurchaseDate',
      title: t('vending.office.accountLastPurchase'),
      width: 160,
      render: (_, row) => (
        <span data-testid="cell-lastPurchase">
          {row.lastPurchaseDate ? (
            <>
              {row.lastPurchaseDate}
              <br />
              {money(row.lastPurchasePaid ?? 0)}
            </>
          ) : (
            t('vending.office.accountNoPurchase')
          )}
        </span>
      ),
    },
    {
      key: 'customerAddress',
      title: t('vending.office.accountAddress'),
      width: 160,
      ellipsis: true,
      optional: true,
    },
  ];
}
