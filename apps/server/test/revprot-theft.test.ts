import type { RevprotSummary, SuspectRow } from '@prepay/contracts';
import { describe, expect } from 'vitest';
import { buildDemoHistory, DEMO_HISTORY, demoHistorySeededAt } from '../src/seed/demo-history.js';
import { registered } from '../src/seed/demo-theft.js';
import { apiTest, withDemoData } from './harness.js';
import type { Page } from './masterdata-fixtures.js';
import { testConfig } from './test-config.js';

const it = apiTest(withDemoData);

/** The demo's planted theft, rebuilt from the seed's own inputs as it was seeded. */
async function plantedHistory(t: Parameters<typeof withDemoData>[0]) {
  const at = await demoHistorySeededAt(t.database.db);
  if (!at) throw new Error('the demo history was not seeded');
  return buildDemoHistory(t.database.db, at, testConfig().demoTheftPercent);
}

describe('the demo fleet with planted theft', () => {
  it("shows each transformer's planted loss within one percentage point", async ({ t, admin }) => {
    const h = await plantedHistory(t);
    const kinds = new Set(h.planted.map((p) => p.kind));
    expect([...kinds].sort()).toEqual(['bypass', 'tamper', 'zeroBuyer']);
    expect(h.network.length).toBeGreaterThan(2);
    const window = h.days.slice(-30);
    const theftOf = new Map(h.planted.map((p) => [p.meterId, p]));
    const res = await t.call<RevprotSummary>(
      '/api/revenueProtection/summary/read',
      { days: [window[0], window.at(-1)] },
      admin,
    );
    expect(res.code, res.reason).toBe(0);
    const lines: string[] = [];
    for (const tr of h.network) {
      let real = 0;
      let stolen = 0;
      for (const meterId of tr.meterIds) {
        const used = h.used.get(meterId) ?? [];
        for (let d = DEMO_HISTORY.days - 30; d < DEMO_HISTORY.days; d++) {
          const use = used[d] ?? 0;
          real += use;
          stolen += use - registered(theftOf.get(meterId), DEMO_HISTORY.days - 1 - d, use);
        }
      }
      const planted = (stolen * 100) / real;
      const found = res.result.transformers.find((x) => x.transformerId === tr.transformerId);
      expect(found, tr.transformerId).toBeDefined();
      expect(found?.completeDays).toBeGreaterThanOrEqual(27);
      lines.push(`${tr.transformerId}: planted ${planted.toFixed(2)} %, computed ${found?.lossPercent} %`);
      expect(Math.abs((found?.lossPercent ?? Number.NaN) - planted), tr.transformerId).toBeLessThanOrEqual(1);
    }
    console.log(
      `transformer losses over ${window[0]} … ${window.at(-1)} (${t.database.kind})\n${lines.join('\n')}`,
    );
    // Theft is there to find: some transformer loses more than a tenth, and the planted meters sit under them.
    expect(res.result.transformers.some((x) => (x.lossPercent ?? 0) > 10)).toBe(true);
  });

  it('ranks the planted meters at the top of the suspects (precision and recall printed)', async ({
    t,
    admin,
  }) => {
    const h = await plantedHistory(t);
    const window = h.days.slice(-30);
    const planted = new Set(h.planted.map((p) => p.meterId));
    const first = 2 * planted.size;
    const res = await t.call<Page<SuspectRow>>(
      '/api/revenueProtection/suspects/read',
      { days: [window[0], window.at(-1)], pageSize: first, orderBy: 'score desc' },
      admin,
    );
    expect(res.code, res.reason).toBe(0);
    const ranked = res.result.data.map((r) => r.meterId);
    const found = ranked.filter((id) => planted.has(id));
    const recall = found.length / planted.size;
    const precision = found.length / Math.max(1, ranked.length);
    const missed = h.planted.filter((p) => !ranked.includes(p.meterId));
    console.log(
      `suspects (${t.database.kind}): ${planted.size} planted, first ${first} ranked hold ${found.length}: ` +
        `recall ${(recall * 100).toFixed(1)} %, precision ${(precision * 100).toFixed(1)} %; ` +
        `first ${planted.size} hold ${ranked.slice(0, planted.size).filter((id) => planted.has(id)).length}` +
        (missed.length ? `; missed ${missed.map((p) => `${p.meterId} (${p.kind})`).join(', ')}` : ''),
    );
    expect(recall).toBeGreaterThanOrEqual(0.9);
    // Each planted meter that ranks is raised by the evidence its theft leaves.
    const expected = {
      bypass: 'consumptionDrop',
      tamper: 'tamper',
      zeroBuyer: 'zeroBuyerConsuming',
    } as const;
    for (const p of h.planted) {
      const row = res.result.data.find((r) => r.meterId === p.meterId);
      if (row)
        expect(
          row.evidence.map((e) => e.finding),
          `${p.meterId} ${p.kind}`,
        ).toContain(expected[p.kind]);
    }
  });
});
