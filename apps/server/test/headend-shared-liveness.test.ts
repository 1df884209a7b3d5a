import { DI, readRequest } from '@prepay/dlt645';
import { describe, expect, it } from 'vitest';
import { until } from './headend-fixture.js';
import { shareGroupBed } from './headend-share-group.js';

const METERS = [
  { meterId: '47100000201', address: '047100000201', devEui: '70b3d5e75e000201' },
  { meterId: '47100000202', address: '047100000202', devEui: '70b3d5e75e000202' },
];

/** Head-end processes in the share group whose LoRaWAN meters go offline after one second of silence. */
const bed = shareGroupBed(METERS, { lorawanSilenceSeconds: 1 });

describe('LoRaWAN liveness shared by the head-end processes of a share group', () => {
  it('a meter heard by one process is live on all; silent everywhere, its task fails as offline on each', async () => {
    const [first, second] = METERS as [(typeof METERS)[number], (typeof METERS)[number]];
    // Alone in the group, B hears every uplink; A, started later, learns of the meter from B.
    const b = await bed.sharedHeadEnd();
    await until('B hearing the first meter', async () => {
      await bed.report(first, 1);
      return b.linkState(first.meterId).online;
    });
    await b.flush();
    const a = await bed.sharedHeadEnd();
    await until('A knowing what B heard', () => a.linkState(first.meterId).online);
    expect(a.linkState(first.meterId).gatewayId).toBe('E4-38-19-FF-FE-00-00-01');
    // Now both share the subscription: one uplink reaches one of them, and the other learns of it.
    await bed.report(second, 1);
    await until('both knowing the second meter', () =>
      bed.headends.every((h) => h.linkState(second.meterId).online),
    );
    // Nothing more is heard: every process takes both meters offline and fails their tasks as such.
    for (const h of [a, b])
      for (const m of METERS) {
        const result = await until(`meter ${m.meterId} offline`, async () => {
          const r = await h.exchange(m.meterId, readRequest(m.address, DI.CURRENT_A), { timeoutMs: 300 });
          return !r.ok && r.failure === 'offline' && r;
        });
        expect(!result.ok && result.detail).toMatch(/has no live link/);
      }
  });
});
