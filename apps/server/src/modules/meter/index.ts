// The meter module's public face: what other modules may use of it.
export { loadMeters, toMeterRow } from './meter.repo.js';
export { meterPanOf } from './meter.service.js';
