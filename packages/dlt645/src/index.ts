/**
 * @prepay/dlt645 — DL/T 645-2007 (and 1997) meter frames, a streaming parser, request/reply helpers,
 * the data-identifier catalogue, and Q/GDW 376.1 framing (`gdw376`). Pure TypeScript, no I/O.
 */
export * from './address.js';
export * from './auth.js';
export * from './bcd.js';
export * from './clock.js';
export * from './commands.js';
export * from './control.js';
export * from './describe.js';
export * from './di.js';
export * from './edition1997.js';
export * from './errors.js';
export * from './formats.js';
export * from './frame.js';
export * as gdw376 from './gdw376/index.js';
export { bytesEqual, concatBytes, fromHex, hex } from './hex.js';
export * from './item-value.js';
export * from './items.js';
export * from './reply.js';
export * from './status.js';
export * from './stream.js';
