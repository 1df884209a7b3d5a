import type { Deps } from '../../deps.js';
import type { ServerModule } from '../../http/server-module.js';
import { meterDataRoutes } from './meter-data.routes.js';
import { createMeterDataService } from './meter-data.service.js';

export { readingTables } from './meter-data.repo.js';
export { createMeterDataService, type MeterDataService } from './meter-data.service.js';
export {
  type NewAlarm,
  type NewDailyRow,
  type NewHourlyRow,
  type NewWaterRow,
  raiseAlarms,
  saveDailyRows,
  saveHourlyRows,
  saveMonthlyRows,
  saveWaterRows,
  storedHourTotals,
} from './meter-data-write.repo.js';
export { type ExportableRead, exportRoute, gridsWithExport } from './report-export.js';

/** Collected readings: daily, monthly, hourly and water data, alarms and their reports. */
export function meterDataModule(deps: Deps): ServerModule {
  return { routes: meterDataRoutes(deps, createMeterDataService(deps)) };
}
