import type { TFunction } from 'i18next';
import type { CrudApi, CrudTable, RowOf } from '../../components/list-page/crud-page';
import './locales';

/**
 * A network table (feeders, transformers): its calls, the field naming a row, its titles
 * `revprot.<resource>.add|edit`, and its import and export as `<resource>` into `<resource>s.xlsx`.
 */
export const networkTable = <Api extends CrudApi>(
  resource: 'feeder' | 'transformer',
  api: Api,
  id: keyof RowOf<Api> & string,
): CrudTable<Api> & { files: { module: string; fileName: string } } => ({
  resource,
  api,
  id,
  titles: `revprot.${resource}`,
  files: { module: resource, fileName: `${resource}s` },
});

/** Ids as a utility writes them on the pole or the substation's plate. */
const NETWORK_ID = /^[0-9A-Za-z_.-]+$/;

/** The id field's check on a network page (feeder, transformer). */
export const networkId = (t: TFunction) => ({
  rules: [{ pattern: NETWORK_ID, message: t('revprot.transformer.idInvalid') }],
});
