import { describe, expect, it } from 'vitest';
import { parseMeterList, progressOf, refreshEvery, selectionOf } from './campaign-words';

const counts = (pending: number, issued: number, delivered: number) => ({ pending, issued, delivered });

describe('a campaign selection from the form', () => {
  it('reads a pasted or imported meter list: lines, commas, semicolons, quotes, once each', () => {
    expect(parseMeterList('47001\r\n47002, 47003;47002\n\n "47004"\t47005')).toEqual([
      '47001',
      '47002',
      '47003',
      '47004',
      '47005',
    ]);
    expect(parseMeterList('  \n ,; ')).toEqual([]);
  });

  it('sends only the selectors given, and nothing when none is', () => {
    expect(
      selectionOf({ sgc: ' 123456 ', krn: null, ti: 3, baseYear: 1993, stationId: '', meterList: '' }),
    ).toEqual({
      sgc: '123456',
      ti: 3,
      baseYear: 1993,
    });
    expect(selectionOf({ meterList: 'A1\nA2' })).toEqual({ meterIds: ['A1', 'A2'] });
    expect(selectionOf({ ti: 0 })).toEqual({ ti: 0 });
    expect(selectionOf({ sgc: '', krn: null, meterList: ' \n' })).toBeNull();
  });
});

describe('campaign progress', () => {
  it('reads again often while meters wait for tokens, slowly while tokens are out, never once settled', () => {
    expect(refreshEvery(undefined)).toBe(false);
    expect(refreshEvery([counts(0, 0, 0), counts(3, 1, 0)])).toBe(2000);
    expect(refreshEvery([counts(0, 0, 2)])).toBe(15000);
    expect(refreshEvery([counts(0, 0, 0)])).toBe(false);
  });

  it('draws issued-or-beyond and accepted as shares of the total', () => {
    expect(progressOf({ total: 8, pending: 2, accepted: 3 })).toEqual({ percent: 75, accepted: 37 });
    expect(progressOf({ total: 0, pending: 0, accepted: 0 })).toEqual({ percent: 0, accepted: 0 });
  });
});
