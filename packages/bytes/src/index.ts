export * from './coded-error.js';
export * from './crc.js';
export * from './hex.js';
