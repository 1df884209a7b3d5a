import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  buildReadBody,
  initialListState,
  isActive,
  type ListState,
  rangeToWire,
  resetListState,
} from './read-body';

const base = (patch: Partial<ListState> = {}): ListState => ({ ...initialListState(), ...patch });

describe('list-page read request', () => {
  it('defaults: first page of 20, no search, no sort', () => {
    expect(buildReadBody(base())).toEqual({ searchTerm: null, pageNumber: 1, pageSize: 20, orderBy: null });
  });

  it('sends the sort as orderBy "field asc|desc"', () => {
    expect(buildReadBody(base({ sort: { field: 'customerName', direction: 'desc' } })).orderBy).toBe(
      'customerName desc',
    );
    expect(buildReadBody(base({ sort: { field: 'customerId', direction: 'asc' } })).orderBy).toBe(
      'customerId asc',
    );
  });

  it('trims text filters and the search term; empty becomes null', () => {
    const body = buildReadBody(
      base({
        searchTerm: '  4700 ',
        filters: {
          customerName: { kind: 'text', value: '  Alice ' },
          phone: { kind: 'text', value: '   ' },
          address: { kind: 'text', value: null },
        },
      }),
    );
    expect(body).toMatchObject({ searchTerm: '4700', customerName: 'Alice', phone: null, address: null });
  });

  it('keeps select values as they are (numbers, booleans), null when cleared', () => {
    const body = buildReadBody(
      base({
        filters: {
          type: { kind: 'select', value: 0 },
          status: { kind: 'select', value: false },
          stationId: { kind: 'select', value: null },
        },
      }),
    );
    expect(body).toMatchObject({ type: 0, status: false, stationId: null });
  });

  it('sends a date filter as <field>Range with whole days in wire format', () => {
    const body = buildReadBody(
      base({
        filters: { createDate: { kind: 'dateRange', value: [dayjs('2026-03-01'), dayjs('2026-03-31')] } },
      }),
    );
    expect(body.createDateRange).toEqual(['2026-03-01 00:00:00', '2026-03-31 23:59:59']);
    expect(body).not.toHaveProperty('createDate');
  });

  it('open-ended and cleared date ranges', () => {
    expect(rangeToWire([null, dayjs('2026-01-02')])).toEqual([null, '2026-01-02 23:59:59']);
    expect(rangeToWire([null, null])).toBeNull();
    expect(
      buildReadBody(base({ filters: { updateDate: { kind: 'dateRange', value: null } } })).updateDateRange,
    ).toBeNull();
  });

  it('merges fixed members and lets paging win over them', () => {
    const body = buildReadBody(base({ pageNumber: 3, pageSize: 50 }), { type: 1, pageNumber: 99 });
    expect(body).toMatchObject({ type: 1, pageNumber: 3, pageSize: 50 });
  });

  it('reset nulls every filter and the search term, goes to page 1, keeps the page size', () => {
    const s = base({
      pageNumber: 4,
      pageSize: 50,
      searchTerm: 'x',
      filters: { customerName: { kind: 'text', value: 'A' } },
      sort: { field: 'phone', direction: 'desc' },
    });
    const r = resetListState(s, { field: 'customerId', direction: 'asc' });
    expect(buildReadBody(r)).toEqual({
      searchTerm: null,
      pageNumber: 1,
      pageSize: 50,
      orderBy: 'customerId asc',
    });
  });

  it('marks a filter active only when it narrows the rows', () => {
    expect(isActive('')).toBe(false);
    expect(isActive('  ')).toBe(false);
    expect(isActive(null)).toBe(false);
    expect(isActive([null, null])).toBe(false);
    expect(isActive('a')).toBe(true);
    expect(isActive(0)).toBe(true);
    expect(isActive(false)).toBe(true);
    expect(isActive([dayjs(), null])).toBe(true);
  });
});
