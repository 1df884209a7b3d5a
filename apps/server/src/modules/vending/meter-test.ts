import { encodeMeterTest, METER_TEST_CONTROL, type MeterTestName } from '@prepay/sts';

/**
 * The original's fixed list of meter test tokens (class 1: not encrypted, no TID, any meter of the
 * manufacturer accepts them): one per test, for 11-digit (2-digit MfrCode) and 13-digit (4-digit) meters.
 */
const CONTENT: Record<MeterTestName, string> = {
  loadSwitch: 'Test the load switch (relay)',
  displayTest: 'Display test: all segments, LEDs, buzzer',
  displayCumulativeEnergy: 'Display total energy',
  displayKeyRevisionNumber: 'Display key revision number and key type',
  displayTariffIndex: 'Display tariff index',
  tokenReaderTest: 'Token reader test',
  displayMaximumPowerLimit: 'Display maximum power limit',
  displayTamperStatus: 'Display tamper status',
  displayPowerConsumption: 'Display power consumption',
  displaySoftwareVersion: 'Display software version',
  displayPhasePowerUnbalanceLimit: 'Display phase power unbalance limit',
  displayWaterMeterFactor: 'Display water meter factor',
  displayTariffRate: 'Display tariff rate',
};

export function meterTestTable() {
  const rows = (Object.keys(METER_TEST_CONTROL) as MeterTestName[]).map((name, i) => {
    const controlHex = METER_TEST_CONTROL[name].toString(16).toUpperCase();
    return {
      id: i + 1,
      value: controlHex,
      content: CONTENT[name],
      token11: encodeMeterTest({ subclass: 0, controlHex, mfrCode: 0 }),
      token13: encodeMeterTest({ subclass: 1, controlHex, mfrCode: 0 }),
    };
  });
  const all = 'FFFFFFFFF';
  rows.push({
    id: rows.length + 1,
    value: all,
    content: 'All tests',
    token11: encodeMeterTest({ subclass: 0, controlHex: all, mfrCode: 0 }),
    token13: encodeMeterTest({ subclass: 1, controlHex: 'FFFFFFF', mfrCode: 0 }),
  });
  return rows;
}
