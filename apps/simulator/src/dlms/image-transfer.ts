import type { ActionResult, DlmsData } from '@prepay/dlms';

/** image_transfer_status (class 18, attribute 6). */
export const IMAGE_STATUS = {
  notInitiated: 0,
  initiated: 1,
  verificationSuccessful: 3,
  verificationFailed: 4,
  activationSuccessful: 6,
} as const;

/** Active firmware identifier (IEC 62056-6-2, Data). */
export const ACTIVE_FIRMWARE_ID = '0.0.0.2.0.255';

const OK = 0;
const READ_WRITE_DENIED = 3;
const OBJECT_UNDEFINED = 4;
const TYPE_UNMATCHED = 12;
const OTHER_REASON = 250;

/**
 * A meter's Image transfer object (class 18, 0.0.44.0.0.255): it takes an image in blocks of its block
 * size, remembers which blocks arrived across associations (so a head-end whose link dropped resumes from
 * the first missing block), verifies that every block is there and activates the image.
 */
export class ImageTransferObject {
  identifier: Uint8Array = new Uint8Array();
  size = 0;
  status: number = IMAGE_STATUS.notInitiated;
  private blocks: (Uint8Array | undefined)[] = [];
  /** The identifier of the image the meter runs: "<model>-<version>", as its images are named. */
  active: Uint8Array;
  /** Blocks received, counting repeats (what a resumed transfer saved). */
  blocksReceived = 0;

  constructor(
    readonly model = 'PM-DLMS',
    readonly blockSize = 192,
  ) {
    this.active = new TextEncoder().encode(`${model}-1.0`);
  }

  /** The active firmware identifier (0.0.0.2.0.255, class 1 Data): the image the meter runs. */
  firmwareId(): { get(attribute: number): DlmsData | number } {
    return {
      get: (a) => (a === 2 ? { type: 'octet-string', value: this.active } : OBJECT_UNDEFINED),
    };
  }

  private firstMissing(): number {
    const i = this.blocks.findIndex((b) => !b);
    return i < 0 ? this.blocks.length : i;
  }

  get(attribute: number): DlmsData | number {
    switch (attribute) {
      case 2:
        return { type: 'double-long-unsigned', value: this.blockSize };
      case 3:
        return { type: 'bit-string', value: this.blocks.map((b) => (b ? '1' : '0')).join('') };
      case 4:
        return { type: 'double-long-unsigned', value: this.firstMissing() };
      case 5:
        return { type: 'boolean', value: true };
      case 6:
        return { type: 'enum', value: this.status };
      case 7:
        return { type: 'array', value: this.status === IMAGE_STATUS.notInitiated ? [] : [this.toActivate()] };
      default:
        return OBJECT_UNDEFINED;
    }
  }

  private toActivate(): DlmsData {
    return {
      type: 'structure',
      value: [
        { type: 'double-long-unsigned', value: this.size },
        { type: 'octet-string', value: this.identifier },
        { type: 'octet-string', value: new Uint8Array() },
      ],
    };
  }

  action(method: number, parameter?: DlmsData): ActionResult {
    if (method === 1) return { result: this.initiate(parameter) };
    if (method === 2) return { result: this.block(parameter) };
    if (method === 3) return { result: this.verify() };
    if (method === 4) return { result: this.activate() };
    return { result: OBJECT_UNDEFINED };
  }

  private initiate(p?: DlmsData): number {
    const [id, size] = p?.type === 'structure' ? p.value : [];
    if (id?.type !== 'octet-string' || size?.type !== 'double-long-unsigned') return TYPE_UNMATCHED;
    this.identifier = id.value;
    this.size = size.value;
    this.blocks = new Array(Math.ceil(size.value / this.blockSize)).fill(undefined);
    this.status = IMAGE_STATUS.initiated;
    return OK;
  }

  private block(p?: DlmsData): number {
    const [n, value] = p?.type === 'structure' ? p.value : [];
    if (n?.type !== 'double-long-unsigned' || value?.type !== 'octet-string') return TYPE_UNMATCHED;
    if (this.status !== IMAGE_STATUS.initiated) return READ_WRITE_DENIED;
    const last = n.value === this.blocks.length - 1;
    const expected = last ? this.size - n.value * this.blockSize : this.blockSize;
    if (n.value >= this.blocks.length || value.value.length !== expected) return OTHER_REASON;
    this.blocks[n.value] = value.value;
    this.blocksReceived++;
    return OK;
  }

  private verify(): number {
    if (this.status !== IMAGE_STATUS.initiated) return READ_WRITE_DENIED;
    const complete = this.firstMissing() === this.blocks.length;
    this.status = complete ? IMAGE_STATUS.verificationSuccessful : IMAGE_STATUS.verificationFailed;
    return complete ? OK : OTHER_REASON;
  }

  private activate(): number {
    if (this.status !== IMAGE_STATUS.verificationSuccessful) return READ_WRITE_DENIED;
    this.active = this.identifier;
    this.status = IMAGE_STATUS.activationSuccessful;
    return OK;
  }

  /** The image as the meter holds it (every block received). */
  image(): Uint8Array {
    const out = new Uint8Array(this.size);
    this.blocks.forEach((b, i) => {
      if (b) out.set(b, i * this.blockSize);
    });
    return out;
  }
}
