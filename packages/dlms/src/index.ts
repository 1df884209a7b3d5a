export * from './axdr.js';
export * from './data.js';
export * from './errors.js';
export * from './hex.js';
export * from './obis.js';
