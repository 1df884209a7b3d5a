import { describe, expect, it } from 'vitest';
import { meterPanFromIain, reverseKeyBytes, runOp } from '../src/index.js';

describe('key, PAN and decode helpers the CLI and tools call', () => {
  it('converts Nectar byte-reversed keys and builds a PAN from the meter number', () => {
    expect(reverseKeyBytes('6FF35B9D1F3453E6')).toBe('E653341F9D5BF36F');
    expect(meterPanFromIain('00000000000')).toBe('600727000000000009');
    expect(meterPanFromIain('0100000000008')).toBe('000001000000000082');
  });

  it('decode shows the amount with its unit and, given the base date, the issue minute', () => {
    const d = runOp({
      op: 'decode',
      token: '26456622012185850752',
      decoderKey: 'E653341F9D5BF36F',
      base: 1993,
    });
    expect(d).toMatchObject({ amount: '25.6 kWh', issued: '2004-04-01 00:30' });
  });
});
