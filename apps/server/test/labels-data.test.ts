import { describe, expect, it } from 'vitest';
import { headerOf, humanValue } from '../src/lib/export-labels.js';
import { LABEL_CATALOGUES } from '../src/lib/labels-data.js';

describe('label catalogues (labels/<lang>.json)', () => {
  const { en, zh, es } = LABEL_CATALOGUES;
  const sorted = (o: object) => Object.keys(o).sort();

  it('give en, zh and es the same column titles', () => {
    expect(sorted(zh.headers)).toEqual(sorted(en.headers));
    expect(sorted(es.headers)).toEqual(sorted(en.headers));
  });

  it('give en, zh and es the same dictionaries with the same codes', () => {
    for (const other of [zh, es]) {
      expect(sorted(other.values)).toEqual(sorted(en.values));
      for (const [dict, codes] of Object.entries(en.values)) {
        expect(sorted(other.values[dict] ?? {}), dict).toEqual(sorted(codes));
      }
    }
  });

  it('are what the exports read', () => {
    expect(headerOf('zh', 'gatewayName')).toBe('网关名称');
    expect(headerOf('en', 'ackRemark')).toBe(en.headers.ackRemark);
    expect(humanValue('es', 'relayOpen', true, 'relay')).toBe('Abierto');
  });
});
