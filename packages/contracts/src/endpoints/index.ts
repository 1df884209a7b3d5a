/**
 * Every JSON endpoint of the API, grouped per domain: path, request, answer and permission in one
 * declaration that the server's routes and the web's calls are both made from.
 */
export * from './channel.js';
export * from './files.js';
export * from './gprs-task.js';
export * from './masterdata.js';
export * from './mobile-money.js';
export * from './readings.js';
export * from './remote-task.js';
export * from './revenue-protection.js';
export * from './revprot-case.js';
export * from './token.js';
export * from './user.js';
export * from './vendor.js';
