/**
 * @prepay/sts — STS (IEC 62055-41) token engine: EA07 (STA) with DKGA02, EA11 (MISTY1) with DKGA04,
 * every token class, encode, decode and meter-side acceptance. Pure TypeScript, no I/O.
 * Production STS needs licensed STA tables and vending keys in a certified HSM (README).
 */
export * from './amount.js';
export * from './classes/common.js';
export * from './classes/credit.js';
export * from './classes/key-change.js';
export * from './classes/management.js';
export * from './classes/meter-test.js';
export * from './classes/overdraft.js';
export { blockCrc, crc16Modbus, stsCrc16, usesCrcC } from './crc.js';
export * from './decode.js';
export { type Dkga02Input, dkga02, dkga02ControlBlock, type KeyDerivationInput, panBlock } from './dkga02.js';
export { type Dkga04Input, dkga04, dkga04Data } from './dkga04.js';
export * from './errors.js';
export * from './keyed-token.js';
export * from './keys.js';
export * from './keystore.js';
export * from './meter.js';
export { OPS, type OpRequest, type OpResult, runBatchLine, runOp } from './ops.js';
export * from './pan.js';
export { STA_SAMPLE_TABLES, STA_TABLES, type StaTables, staDecrypt64, staEncrypt64 } from './sta.js';
export * from './tid.js';
export {
  blockToDigits,
  digitsToBlock,
  encodeBlock,
  formatToken,
  MAX_TOKEN,
  normalizeToken,
  tokenToHex66,
} from './token.js';
