import {
  type Aare,
  type Aarq,
  type ActionRequest,
  type ActionResponse,
  BlockAssembler,
  bytesEqual,
  type CipheredApdu,
  type DataBlock,
  type DlmsAuthentication,
  type DlmsData,
  decodeApdu,
  encodeApdu,
  encodeData,
  encodeInitiateResponse,
  type GetRequest,
  type GetResponse,
  hlsGmac,
  MECHANISM,
  normalizeObis,
  OBIS,
  protectApdu,
  type SecurityKeys,
  type SetRequest,
  type SetResponse,
  splitBlocks,
  unprotectApdu,
  verifyHlsGmac,
  type XdlmsApdu,
} from '@prepay/dlms';
import type { DlmsMeter } from './dlms-meter.js';

/**
 * One association on a simulated DLMS meter, as the meter's side of IEC 62056-5-3: AARQ checked against
 * the meter's authentication (none, low password, HLS-GMAC with security suite 0 ciphering), then GET
 * (with block transfer when the reply exceeds the client's PDU size), SET (with block transfer) and
 * ACTION on the meter's objects, RLRQ to end.
 */
export interface MeterSecurity {
  authentication: DlmsAuthentication;
  password?: Uint8Array;
  keys?: SecurityKeys;
  /** The meter's system title (8 bytes). */
  systemTitle?: Uint8Array;
}

const METER_MAX_PDU = 1024;
const METER_CONFORMANCE = 0x00781f;
const REJECTED = 1;
const DIAG = { none: 0, noReason: 1, context: 2, mechanismNotRecognised: 11, authenticationFailure: 13 };
const LONG_GET_ABORTED = 15;
const NO_LONG_SET = 18;
const READ_WRITE_DENIED = 3;

type State = 'idle' | 'hls-pending' | 'associated';

export class CosemSession {
  private state: State = 'idle';
  private clientMaxPdu = METER_MAX_PDU;
  private clientTitle: Uint8Array | undefined;
  private challenge = new Uint8Array();
  private clientChallenge: Uint8Array | undefined;
  private ic = 1;
  private clientIc = -1;
  private pendingGet: DataBlock[] = [];
  private pendingSet:
    | { target: SetRequest & { type: 'with-first-datablock' }; blocks: BlockAssembler }
    | undefined;

  constructor(
    private readonly meter: DlmsMeter,
    private readonly security: MeterSecurity,
  ) {}

  get associated(): boolean {
    return this.state === 'associated';
  }

  /** The reply to one APDU, or undefined when the meter stays silent (garbage, or a request before AARQ). */
  async handle(bytes: Uint8Array): Promise<Uint8Array | undefined> {
    let apdu: ReturnType<typeof decodeApdu>;
    try {
      apdu = decodeApdu(bytes);
    } catch {
      return undefined;
    }
    if ('apdu' in apdu) {
      if (apdu.apdu === 'aarq') return encodeApdu(await this.associate(apdu));
      if (apdu.apdu === 'rlrq') {
        this.state = 'idle';
        return encodeApdu({ apdu: 'rlre', reason: 0 });
      }
      return undefined;
    }
    if (this.state === 'idle') return undefined;
    return this.xdlms(apdu);
  }

  private async associate(aarq: Aarq): Promise<Aare> {
    this.state = 'idle';
    const s = this.security;
    const ciphered = s.authentication === 'high-gmac';
    const refuse = (value: number): Aare => ({
      apdu: 'aare',
      context: aarq.context,
      result: REJECTED,
      diagnostic: { source: 'user', value },
    });
    if (aarq.context !== (ciphered ? 'ln-ciphered' : 'ln')) return refuse(DIAG.context);
    if ((aarq.mechanism ?? 0) !== MECHANISM[s.authentication]) return refuse(DIAG.mechanismNotRecognised);
    if (
      s.authentication === 'low' &&
      !(aarq.authenticationValue && s.password && bytesEqual(aarq.authenticationValue, s.password))
    )
      return refuse(DIAG.authenticationFailure);
    const initiate = await this.readInitiate(aarq);
    if (!initiate) return refuse(ciphered ? DIAG.authenticationFailure : DIAG.noReason);
    this.clientMaxPdu = initiate.maxReceivePduSize || METER_MAX_PDU;
    const response = encodeInitiateResponse({
      service: 'initiate-response',
      dlmsVersion: 6,
      conformance: METER_CONFORMANCE & initiate.conformance,
      maxReceivePduSize: METER_MAX_PDU,
      vaaName: 7,
    });
    const ok: Aare = {
      apdu: 'aare',
      context: aarq.context,
      result: 0,
      diagnostic: { source: 'user', value: 0 },
    };
    if (!ciphered) {
      this.state = 'associated';
      return { ...ok, userInformation: response };
    }
    this.state = 'hls-pending';
    this.clientChallenge = aarq.authenticationValue;
    this.challenge = globalThis.crypto.getRandomValues(new Uint8Array(16));
    return {
      ...ok,
      respondingApTitle: s.systemTitle,
      mechanism: MECHANISM['high-gmac'],
      authenticationValue: this.challenge,
      userInformation: await this.protect(response),
    };
  }

  private async readInitiate(aarq: Aarq) {
    try {
      let bytes = aarq.userInformation ?? new Uint8Array();
      if (this.security.authentication === 'high-gmac') {
        this.clientTitle = aarq.callingApTitle;
        this.clientIc = -1;
        bytes = await this.unprotect(bytes);
      }
      const apdu = decodeApdu(bytes);
      return 'service' in apdu && apdu.service === 'initiate-request' ? apdu : undefined;
    } catch {
      return undefined;
    }
  }

  private async xdlms(apdu: XdlmsApdu): Promise<Uint8Array | undefined> {
    let plain = apdu;
    if (this.security.authentication === 'high-gmac') {
      if (apdu.service !== 'ciphered') return undefined;
      try {
        plain = decodeApdu(await this.unprotect(encodeApdu(apdu))) as XdlmsApdu;
      } catch {
        return undefined;
      }
    }
    const reply = await this.serve(plain);
    if (!reply) return undefined;
    const bytes = encodeApdu(reply);
    return this.security.authentication === 'high-gmac' ? this.protect(bytes) : bytes;
  }

  private async serve(a: XdlmsApdu): Promise<XdlmsApdu | undefined> {
    if (this.state === 'hls-pending' && a.service !== 'action-request') return undefined;
    if (a.service === 'get-request') return this.get(a);
    if (a.service === 'set-request') return this.set(a);
    if (a.service === 'action-request') return this.action(a);
    return undefined;
  }

  private get(a: GetRequest): GetResponse {
    const s = 'get-response' as const;
    if (a.type === 'with-list')
      return {
        service: s,
        type: 'with-list',
        invoke: a.invoke,
        results: a.items.map((i) => this.meter.get(i.descriptor, i.access)),
      };
    if (a.type === 'next') {
      const block = this.pendingGet.shift();
      if (!block || block.blockNumber !== a.blockNumber + 1) {
        this.pendingGet = [];
        return {
          service: s,
          type: 'with-datablock',
          invoke: a.invoke,
          block: { lastBlock: true, blockNumber: a.blockNumber, error: LONG_GET_ABORTED },
        };
      }
      return { service: s, type: 'with-datablock', invoke: a.invoke, block };
    }
    const result = this.meter.get(a.descriptor, a.access);
    if ('error' in result || encodeData(result.data).length + 8 <= this.clientMaxPdu)
      return { service: s, type: 'normal', invoke: a.invoke, result };
    const [first, ...rest] = splitBlocks(encodeData(result.data), this.clientMaxPdu - 16);
    this.pendingGet = rest;
    return { service: s, type: 'with-datablock', invoke: a.invoke, block: first as DataBlock };
  }

  private set(a: SetRequest): SetResponse {
    const s = 'set-response' as const;
    if (a.type === 'normal')
      return { service: s, type: 'normal', invoke: a.invoke, result: this.meter.set(a.descriptor, a.value) };
    if (a.type === 'with-first-datablock') this.pendingSet = { target: a, blocks: new BlockAssembler() };
    if ((a.type !== 'with-first-datablock' && a.type !== 'with-datablock') || !this.pendingSet)
      return { service: s, type: 'normal', invoke: a.invoke, result: NO_LONG_SET };
    const { target, blocks } = this.pendingSet;
    let whole: ReturnType<BlockAssembler['pushData']>;
    try {
      whole = blocks.pushData(a.block);
    } catch {
      this.pendingSet = undefined;
      return { service: s, type: 'normal', invoke: a.invoke, result: NO_LONG_SET };
    }
    if (!whole) return { service: s, type: 'datablock', invoke: a.invoke, blockNumber: a.block.blockNumber };
    this.pendingSet = undefined;
    const result = this.meter.set(target.descriptor, whole);
    return { service: s, type: 'last-datablock', invoke: a.invoke, result, blockNumber: a.block.blockNumber };
  }

  private async action(a: ActionRequest): Promise<ActionResponse | undefined> {
    if (a.type !== 'normal') return undefined;
    const d = a.descriptor;
    const base = { service: 'action-response', type: 'normal', invoke: a.invoke } as const;
    if (d.classId === 15 && normalizeObis(d.obis) === OBIS.currentAssociation && d.method === 1)
      return { ...base, ...(await this.hls(a.parameters)) };
    if (this.state !== 'associated') return { ...base, result: READ_WRITE_DENIED };
    return { ...base, ...this.meter.action(d, a.parameters) };
  }

  /** HLS pass 3/4: checks f(StoC) from the client and answers f(CtoS). */
  private async hls(p: DlmsData | undefined) {
    const { keys, systemTitle } = this.security;
    if (
      this.state !== 'hls-pending' ||
      !keys ||
      !systemTitle ||
      !this.clientTitle ||
      p?.type !== 'octet-string'
    )
      return { result: READ_WRITE_DENIED };
    const ok = await verifyHlsGmac({ keys, systemTitle: this.clientTitle }, this.challenge, p.value);
    if (!ok) return { result: READ_WRITE_DENIED };
    this.state = 'associated';
    const clientChallenge = this.clientChallenge ?? new Uint8Array();
    const f = await hlsGmac({ keys, systemTitle, invocationCounter: this.ic++ }, clientChallenge);
    return { result: 0, returned: { data: { type: 'octet-string' as const, value: f } } };
  }

  private async protect(plain: Uint8Array): Promise<Uint8Array> {
    const { keys, systemTitle } = this.security;
    if (!keys || !systemTitle) return plain;
    return encodeApdu(
      await protectApdu({ keys, systemTitle, invocationCounter: this.ic++, securityControl: 0x30 }, plain),
    );
  }

  private async unprotect(bytes: Uint8Array): Promise<Uint8Array> {
    const c = decodeApdu(bytes) as CipheredApdu;
    if (c.service !== 'ciphered' || !this.security.keys || c.invocationCounter <= this.clientIc)
      throw new Error('not a fresh ciphered APDU');
    const plain = await unprotectApdu(c, this.security.keys, this.clientTitle);
    this.clientIc = c.invocationCounter;
    return plain;
  }
}
