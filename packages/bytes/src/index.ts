export * from './crc.js';
export * from './hex.js';
