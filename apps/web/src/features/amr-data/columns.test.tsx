import type { DailyDataMeterRow, DailyDataRow } from '@prepay/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ListColumn } from '../../components/list-page/list-page';
import { i18n, setLanguage } from '../../lib/i18n';
import { electricColumns, waterColumns } from './columns';
import './locales';

const t = () => i18n.t.bind(i18n);
/** Renders one cell of a column list as the grid would. */
const cellOf = <Row,>(columns: ListColumn<Row>[], key: string, value: unknown, row: Row) =>
  render(<div>{columns.find((c) => c.key === key)?.render?.(value, row)}</div>);
const waterCell = (key: string, value: unknown) => cellOf(waterColumns(t()), key, value, {} as DailyDataRow);
const electricCell = (key: string, value: unknown) =>
  cellOf(electricColumns(t()), key, value, {} as DailyDataMeterRow);

describe('Interval Data (Water) valve column', () => {
  afterEach(async () => {
    cleanup();
    await setLanguage('en');
  });

  it('says a supplying valve is open in the valve’s own words, not the relay’s', async () => {
    await setLanguage('zh');
    waterCell('valveStatus', true);
    expect(screen.getByText('开启')).toBeTruthy();
    cleanup();
    // A relay's "open" is a disconnection.
    electricCell('relayOpen', true);
    expect(screen.getByText('断开')).toBeTruthy();
    cleanup();
    await setLanguage('es');
    waterCell('valveStatus', false);
    expect(screen.getByText('Cerrada')).toBeTruthy();
  });
});
