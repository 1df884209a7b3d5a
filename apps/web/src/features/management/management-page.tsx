import { type CrudApi, crudTable, type RowOf } from '../../components/list-page/crud-page';
import './locales';

/**
 * A station-owned management table (meters, customers, accounts, debts, gateways): its calls, the field
 * naming a row, its titles `management.<resource>.add|edit`, and its import and export as `<resource>`
 * into `<resource>s.xlsx`.
 */
export const managementTable = <Api extends CrudApi>(
  resource: string,
  api: Api,
  id: keyof RowOf<Api> & string,
) => ({
  ...crudTable('management', resource, api, id),
  files: { module: resource, fileName: `${resource}s` },
});
