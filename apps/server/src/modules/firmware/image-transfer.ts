import {
  type AttributeSpec,
  type DlmsData,
  ImageTransfer,
  type MethodSpec,
  OBIS,
  octetsCodec,
} from '@prepay/dlms';

/**
 * What the transfer needs of a DLMS association: reads of the Image transfer object's attributes and calls
 * of its methods. `DlmsClient` is one; the head-end's DLMS link (or a test double) can be another.
 */
export interface ImageTransferLink {
  get<T>(obis: string, spec: AttributeSpec<T>): Promise<T>;
  action<P>(obis: string, spec: MethodSpec<P>, parameter: P): Promise<DlmsData | undefined>;
}

/** Active firmware identifier (0.0.0.2.0.255, Data): the image the meter runs, "<model>-<version>". */
const ACTIVE_FIRMWARE = {
  obis: '0.0.0.2.0.255',
  spec: { classId: 1, attribute: 2, name: 'value', codec: octetsCodec },
};

/** The model an image or firmware identifier names: everything before its last "-" ("PM-100-2.1" → "PM-100"). */
export const modelOf = (identifier: string) => identifier.slice(0, Math.max(0, identifier.lastIndexOf('-')));

/** A meter whose model is not the image's: nothing was sent. */
export class ModelMismatch extends Error {
  constructor(
    readonly meterModel: string,
    readonly imageModel: string,
  ) {
    super(`the meter is a ${meterModel || 'meter of unknown model'}, the image is for ${imageModel}`);
  }
}

/** An image to send: the identifier the meter reports back, and its bytes. */
export interface FirmwareImage {
  identifier: Uint8Array;
  bytes: Uint8Array;
}

export type TransferPhase = 'initiate' | 'blocks' | 'verify' | 'activate' | 'done';

export interface TransferProgress {
  phase: TransferPhase;
  /** Blocks the meter holds (by the transfer's count: those it had when resumed, plus those sent). */
  blocksDone: number;
  blockCount: number;
}

export interface TransferOutcome {
  /** The block the transfer started from: 0, or the meter's first missing block when resumed. */
  resumedFrom: number;
  blocksSent: number;
  blockCount: number;
  /** Image bytes sent in blocks (the wire carries more: framing and the block headers). */
  bytesSent: number;
}

/** image_transfer_status values the driver reads (class 18, attribute 6). */
const STATUS = { initiated: 1, verified: 3, activated: 6 } as const;

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Where to start: a meter already holding part of this very image (initiated with the same identifier and
 * size) resumes from its first missing block; anything else starts over with image_transfer_initiate.
 */
async function startBlock(link: ImageTransferLink, image: FirmwareImage): Promise<number> {
  const status = await link.get(OBIS.imageTransfer, ImageTransfer.transferStatus);
  if (status === STATUS.initiated) {
    const [pending] = await link.get(OBIS.imageTransfer, ImageTransfer.toActivateInfo);
    if (
      pending &&
      pending.size === image.bytes.length &&
      sameBytes(pending.identification, image.identifier)
    ) {
      return link.get(OBIS.imageTransfer, ImageTransfer.firstNotTransferredBlock);
    }
  }
  await link.action(OBIS.imageTransfer, ImageTransfer.initiate, {
    identifier: image.identifier,
    size: image.bytes.length,
  });
  return 0;
}

/**
 * Sends a firmware image to one meter by Image transfer (class 18): initiate (or resume), every block from
 * the first the meter lacks, verify, activate. A dropped link rejects with the link's error; calling again
 * over a new association resumes where the meter stopped. A meter whose running firmware names another
 * model than the image is refused before anything is sent. `onProgress` sees each step.
 */
export async function transferImage(
  link: ImageTransferLink,
  image: FirmwareImage,
  onProgress: (p: TransferProgress) => void | Promise<void> = () => {},
): Promise<TransferOutcome> {
  const running = new TextDecoder().decode(await link.get(ACTIVE_FIRMWARE.obis, ACTIVE_FIRMWARE.spec));
  const imageModel = modelOf(new TextDecoder().decode(image.identifier));
  if (modelOf(running) !== imageModel) throw new ModelMismatch(modelOf(running), imageModel);
  if (!(await link.get(OBIS.imageTransfer, ImageTransfer.transferEnabled))) {
    throw new Error('the meter has image transfer disabled');
  }
  const blockSize = await link.get(OBIS.imageTransfer, ImageTransfer.blockSize);
  const blockCount = Math.ceil(image.bytes.length / blockSize);
  const resumedFrom = await startBlock(link, image);
  await onProgress({ phase: 'initiate', blocksDone: resumedFrom, blockCount });
  let bytesSent = 0;
  for (let n = resumedFrom; n < blockCount; n++) {
    const value = image.bytes.subarray(n * blockSize, (n + 1) * blockSize);
    await link.action(OBIS.imageTransfer, ImageTransfer.blockTransfer, { blockNumber: n, value });
    bytesSent += value.length;
    await onProgress({ phase: 'blocks', blocksDone: n + 1, blockCount });
  }
  await onProgress({ phase: 'verify', blocksDone: blockCount, blockCount });
  await link.action(OBIS.imageTransfer, ImageTransfer.verify, 0);
  await expectStatus(link, STATUS.verified, 'verification');
  await onProgress({ phase: 'activate', blocksDone: blockCount, blockCount });
  await link.action(OBIS.imageTransfer, ImageTransfer.activate, 0);
  await expectStatus(link, STATUS.activated, 'activation');
  await onProgress({ phase: 'done', blocksDone: blockCount, blockCount });
  return { resumedFrom, blocksSent: blockCount - resumedFrom, blockCount, bytesSent };
}

async function expectStatus(link: ImageTransferLink, wanted: number, step: string): Promise<void> {
  const status = await link.get(OBIS.imageTransfer, ImageTransfer.transferStatus);
  if (status !== wanted) throw new Error(`image ${step} failed: the meter reports transfer status ${status}`);
}
