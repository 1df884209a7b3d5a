import { IMAGE_STATUS } from '@prepay/simulator';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ModelMismatch,
  type TransferProgress,
  transferImage,
} from '../src/modules/firmware/image-transfer.js';
import { simulatedDlmsMeter } from './dlms-sim-fixture.js';

/** A firmware image sent by Image transfer (class 18) to a simulated DLMS meter over TCP. */
const encode = (s: string) => new TextEncoder().encode(s);
const IMAGE = {
  identifier: encode('PM-DLMS-2.0'),
  bytes: Uint8Array.from({ length: 5000 }, (_, i) => (i * 31 + 7) & 0xff),
};

let sim: Awaited<ReturnType<typeof simulatedDlmsMeter>>;
let meter: (typeof sim)['meter'];
const associated = () => sim.associated();

beforeEach(async () => {
  sim = await simulatedDlmsMeter(5);
  meter = sim.meter;
});
afterEach(() => sim.close());

describe('firmware image transfer (class 18)', () => {
  it('sends every block, verifies and activates; the meter runs the image', async () => {
    const steps: TransferProgress[] = [];
    const outcome = await transferImage(await associated(), IMAGE, (p) => {
      steps.push(p);
    });
    expect(outcome).toEqual({ resumedFrom: 0, blocksSent: 27, blockCount: 27, bytesSent: 5000 });
    expect(steps.map((s) => s.phase).filter((p) => p !== 'blocks')).toEqual([
      'initiate',
      'verify',
      'activate',
      'done',
    ]);
    expect(steps.filter((s) => s.phase === 'blocks').map((s) => s.blocksDone)).toEqual(
      Array.from({ length: 27 }, (_, i) => i + 1),
    );
    expect(meter.imageTransfer.status).toBe(IMAGE_STATUS.activationSuccessful);
    expect(meter.imageTransfer.image()).toEqual(IMAGE.bytes);
    expect(new TextDecoder().decode(meter.imageTransfer.active)).toBe('PM-DLMS-2.0');
  });

  it('a link dropped mid-transfer resumes over a new association from the first missing block', async () => {
    const first = await associated();
    const dropped = transferImage(first, IMAGE, (p) => {
      if (p.phase === 'blocks' && p.blocksDone === 10) first.close();
    });
    await expect(dropped).rejects.toThrow();
    expect(meter.imageTransfer.status).toBe(IMAGE_STATUS.initiated);
    expect(meter.imageTransfer.blocksReceived).toBe(10);

    const outcome = await transferImage(await associated(), IMAGE);
    expect(outcome).toEqual({ resumedFrom: 10, blocksSent: 17, blockCount: 27, bytesSent: 5000 - 10 * 192 });
    // No block went twice: the meter received each once.
    expect(meter.imageTransfer.blocksReceived).toBe(27);
    expect(meter.imageTransfer.image()).toEqual(IMAGE.bytes);
    expect(meter.imageTransfer.status).toBe(IMAGE_STATUS.activationSuccessful);
  });

  it('a new image after a finished one starts over', async () => {
    await transferImage(await associated(), IMAGE);
    const next = { identifier: encode('PM-DLMS-2.1'), bytes: IMAGE.bytes.slice(0, 400) };
    const outcome = await transferImage(await associated(), next);
    expect(outcome.resumedFrom).toBe(0);
    expect(new TextDecoder().decode(meter.imageTransfer.active)).toBe('PM-DLMS-2.1');
  });

  it('refuses an image for another model before sending anything', async () => {
    const other = { identifier: encode('WM-200-3.0'), bytes: IMAGE.bytes };
    const refused = transferImage(await associated(), other);
    await expect(refused).rejects.toBeInstanceOf(ModelMismatch);
    await expect(refused).rejects.toThrow('the meter is a PM-DLMS, the image is for WM-200');
    expect(meter.imageTransfer.status).toBe(IMAGE_STATUS.notInitiated);
    expect(meter.imageTransfer.blocksReceived).toBe(0);
  });
});
