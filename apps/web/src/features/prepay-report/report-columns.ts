import type { TFunction } from 'i18next';
import { textColumn } from '../../components/list-page/common-columns';
import type { ListColumn } from '../../components/list-page/list-page';
import type { GridRead } from '../../components/list-page/list-query';

/** Report reads carry `lang` like the original's (required); the page translates its own labels. */
export const READ_LANG = { lang: 'en' };

/**
 * A report grid named by its slug: query key and test id `report-<slug>`, export file `<slug>.xlsx`,
 * rows by customer until the user sorts.
 */
export function reportGrid<Row>(slug: string, read: GridRead<Row>, exportModule: string) {
  return {
    resource: `report-${slug}`,
    testId: `report-${slug}`,
    read,
    exportModule,
    exportFileName: slug,
    defaultSort: { field: 'customerId', direction: 'asc' } as const,
  };
}

/** Every report row starts with its customer, kept in view while the wide table scrolls. */
export function customerIdColumn<Row>(t: TFunction): ListColumn<Row> {
  return textColumn<Row>('customerId', t('report.customerId'), 140, { fixed: 'left' });
}

/** The account the purchase reports speak of: customer, name, meter and tariff. */
export function accountColumns<Row>(t: TFunction): ListColumn<Row>[] {
  return [
    customerIdColumn<Row>(t),
    { key: 'customerName', title: t('report.customerName'), sort: true, width: 160 },
    textColumn<Row>('meterId', t('report.meterId'), 140),
    { key: 'tariffId', title: t('report.tariffId'), sort: true, width: 120, optional: true },
  ];
}

/** Where the customer lives, the column each report ends with. */
export const addressColumn = <Row>(t: TFunction): ListColumn<Row> => ({
  key: 'customerAddress',
  title: t('report.customerAddress'),
  ellipsis: true,
  width: 200,
});
