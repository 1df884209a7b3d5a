import { describe, expect, it } from 'vitest';
import en from './en.json';
import es from './es.json';
import zh from './zh.json';

/** A menu name says which meters it covers: Daily Data is water only, Interval Data electricity only. */
describe('report names say water or electricity', () => {
  it.each([
    ['en', en.route, /Water/, /Electricity/],
    ['zh', zh.route, /水/, /电/],
    ['es', es.route, /agua/, /electricidad/],
  ] as const)('%s', (_lang, route, water, electricity) => {
    expect(route.dailyData).toMatch(water);
    expect(route.dailyDataMeter).toMatch(electricity);
  });
});
