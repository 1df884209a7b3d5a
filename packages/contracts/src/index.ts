export * from './common.js';
export * from './envelope.js';
export * from './log.js';
export * from './permissions.js';
export * from './role.js';
export * from './station.js';
export * from './user.js';
