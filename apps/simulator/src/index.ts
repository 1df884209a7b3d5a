/**
 * @prepay/simulator — the field, simulated: prepaid DL/T 645 meters behind a ChirpStack v4 network
 * server (MQTT) and GPRS meters dialling the head-end as DTUs; faults on demand.
 */
export { acceleratedClock, type Clock, ManualClock, systemClock } from './clock.js';
export { type FleetEvent, toChirpId, toDashedEui } from './core.js';
export { CosemSession, type MeterSecurity } from './dlms/cosem-session.js';
export { DLMS_EVENT, DlmsMeter, type DlmsMeterOptions } from './dlms/dlms-meter.js';
export { IMAGE_STATUS, ImageTransferObject } from './dlms/image-transfer.js';
export {
  type DlmsListener,
  type DlmsListenerOptions,
  type ListenerMode,
  listenDlmsMeter,
} from './dlms/listener.js';
export { listenSyntheticDlmsMeter } from './dlms/synthetic-meter.js';
export { FAULT_KINDS, type Fault, FaultError, GATEWAY_FAULT_KINDS, parseFault } from './faults.js';
export { type Fleet, type FleetOptions, type FleetStats, type MeterView, startFleet } from './fleet.js';
export { type HandleResult, handleFrame } from './meter/handle.js';
export { DEFAULT_PASSWORDS, type MeterConfig, MeterModel } from './meter/meter.js';
export {
  DEMO_VENDING_KEY,
  type FleetSpec,
  FleetSpecError,
  type FleetSpecMeter,
  parseFleetSpec,
  type SyntheticOptions,
  syntheticFleet,
} from './spec.js';
