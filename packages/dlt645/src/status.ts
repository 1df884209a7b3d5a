/** Run status word 3 (DI 04 00 05 03), the relay and prepayment state of a meter. */
export type MeterKind = 'postpaid' | 'energy-prepaid' | 'money-prepaid' | 'unknown';
export type PowerSupply = 'mains' | 'auxiliary' | 'battery' | 'unknown';

export interface StatusWord3 {
  /** bit 4: 1 = relay disconnected (open). */
  relayOpen: boolean;
  /** bit 6: the last relay command was a trip. */
  relayCommandTrip: boolean;
  /** bits 9..8: 00 post-paid, 01 kWh prepaid, 10 money prepaid. */
  meterKind: MeterKind;
  /** bit 0: time-segment table 2 in use. */
  timeSegmentTable2: boolean;
  /** bits 2..1. */
  powerSupply: PowerSupply;
  /** bit 3. */
  programmingAllowed: boolean;
  /** bit 5: time-zone table 2 in use. */
  timeZoneTable2: boolean;
  /** bit 7: pre-trip alarm (low credit). */
  preTripAlarm: boolean;
  /** bit 10. */
  tariffPriceSet2: boolean;
  /** bit 11. */
  stepSet2: boolean;
  /** bit 12: keep-power (protected from trip). */
  keepPower: boolean;
  /** bit 13. */
  authenticationValid: boolean;
  /** bit 14. */
  locallyOpened: boolean;
  /** bit 15. */
  remotelyOpened: boolean;
}

const KINDS: readonly MeterKind[] = ['postpaid', 'energy-prepaid', 'money-prepaid', 'unknown'];
const SUPPLIES: readonly PowerSupply[] = ['mains', 'auxiliary', 'battery', 'unknown'];

const FLAG_BITS = {
  timeSegmentTable2: 0,
  programmingAllowed: 3,
  relayOpen: 4,
  timeZoneTable2: 5,
  relayCommandTrip: 6,
  preTripAlarm: 7,
  tariffPriceSet2: 10,
  stepSet2: 11,
  keepPower: 12,
  authenticationValid: 13,
  locallyOpened: 14,
  remotelyOpened: 15,
} as const satisfies Partial<Record<keyof StatusWord3, number>>;

export function decodeStatusWord3(word: number): StatusWord3 {
  const bit = (n: number) => (word & (1 << n)) !== 0;
  return {
    relayOpen: bit(FLAG_BITS.relayOpen),
    relayCommandTrip: bit(FLAG_BITS.relayCommandTrip),
    meterKind: KINDS[(word >> 8) & 3] ?? 'unknown',
    timeSegmentTable2: bit(FLAG_BITS.timeSegmentTable2),
    powerSupply: SUPPLIES[(word >> 1) & 3] ?? 'unknown',
    programmingAllowed: bit(FLAG_BITS.programmingAllowed),
    timeZoneTable2: bit(FLAG_BITS.timeZoneTable2),
    preTripAlarm: bit(FLAG_BITS.preTripAlarm),
    tariffPriceSet2: bit(FLAG_BITS.tariffPriceSet2),
    stepSet2: bit(FLAG_BITS.stepSet2),
    keepPower: bit(FLAG_BITS.keepPower),
    authenticationValid: bit(FLAG_BITS.authenticationValid),
    locallyOpened: bit(FLAG_BITS.locallyOpened),
    remotelyOpened: bit(FLAG_BITS.remotelyOpened),
  };
}

/** The word for a set of fields (missing flags 0, mains supply, post-paid) — what a simulated meter reports. */
export function encodeStatusWord3(fields: Partial<StatusWord3>): number {
  let word = 0;
  for (const [name, bit] of Object.entries(FLAG_BITS)) {
    if (fields[name as keyof typeof FLAG_BITS]) word |= 1 << bit;
  }
  const kind = KINDS.indexOf(fields.meterKind ?? 'postpaid');
  const supply = SUPPLIES.indexOf(fields.powerSupply ?? 'mains');
  word |= (kind < 0 || kind > 2 ? 0 : kind) << 8;
  word |= (supply < 0 || supply > 2 ? 0 : supply) << 1;
  return word & 0xffff;
}
