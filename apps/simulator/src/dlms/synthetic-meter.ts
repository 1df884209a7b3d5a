import type { Clock } from '../clock.js';
import { MeterModel } from '../meter/meter.js';
import type { FleetSpecMeter } from '../spec.js';
import { DlmsMeter } from './dlms-meter.js';
import { type DlmsListenerOptions, listenDlmsMeter } from './listener.js';

/**
 * A meter of a synthetic fleet as a DLMS meter on TCP: an electricity meter with 500.0 of credit on
 * `clock`, listening with `options` (no authentication unless they say). What the server's tests and
 * benches talk to when they need DLMS meters in their own process.
 */
export async function listenSyntheticDlmsMeter(
  spec: Pick<FleetSpecMeter, 'meterId' | 'address' | 'sts'>,
  clock: Clock,
  options: DlmsListenerOptions = { security: { authentication: 'none' } },
) {
  const model = new MeterModel(
    { meterId: spec.meterId, address: spec.address, type: 0, sts: spec.sts, balanceTenths: 5000 },
    clock.now(),
  );
  const meter = new DlmsMeter(model, clock);
  return { model, meter, listener: await listenDlmsMeter(meter, options) };
}
