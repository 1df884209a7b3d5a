import { describe, expect, it } from 'vitest';
import { accountSpec } from '../src/modules/account/account.repo.js';
import { customerSpec } from '../src/modules/customer/customer.repo.js';
import { debtSpec } from '../src/modules/debt/debt.repo.js';
import { dlt645Spec } from '../src/modules/dlt645-item/dlt645-item.repo.js';
import { gatewaySpec } from '../src/modules/gateway/gateway.repo.js';
import { itemSpec } from '../src/modules/item/item.repo.js';
import { meterSpec } from '../src/modules/meter/meter.repo.js';
import { spec as roleSpec } from '../src/modules/role/role.repo.js';
import { spec as stationSpec } from '../src/modules/station/station.repo.js';
import { tariffSpec } from '../src/modules/tariff/tariff.repo.js';

const specs = {
  account: accountSpec,
  customer: customerSpec,
  debt: debtSpec,
  dlt645: dlt645Spec,
  gateway: gatewaySpec,
  item: itemSpec,
  meter: meterSpec,
  role: roleSpec,
  station: stationSpec,
  tariff: tariffSpec,
};

describe('grid read specs', () => {
  it.each(Object.entries(specs))('%s: every field filter names a sortable column', (_, spec) => {
    const fields = [...(spec.filters?.contains ?? []), ...(spec.filters?.equals ?? [])];
    expect(fields.length).toBeGreaterThan(0);
    for (const field of fields) expect(spec.sortable[field], field).toBeDefined();
  });

  it.each(Object.entries(specs))('%s: both audit dates sort and filter by range', (_, spec) => {
    expect(spec.sortable.createDate).toBe(spec.createDate);
    expect(spec.sortable.updateDate).toBe(spec.updateDate);
    if (spec.station) expect(spec.sortable.stationId).toBe(spec.station);
  });
});
