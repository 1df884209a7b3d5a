import { CUSTOMER_API, METER_API, TARIFF_API } from '@prepay/contracts';
import { call } from '../../lib/call';

/** The grids the account form's pickers search. */
const PICKER_READS = {
  customer: CUSTOMER_API.read,
  unusedMeter: METER_API.readUnused,
  tariff: TARIFF_API.read,
};
export type PickerGrid = keyof typeof PICKER_READS;

/** One picker page: 20 rows matching the typed text, in key order. */
export async function pickerRows(
  grid: PickerGrid,
  searchTerm: string | null,
  idField: string,
): Promise<Record<string, unknown>[]> {
  const page = await call(PICKER_READS[grid], {
    pageNumber: 1,
    pageSize: 20,
    searchTerm,
    orderBy: `${idField} asc`,
  });
  return page.data;
}
