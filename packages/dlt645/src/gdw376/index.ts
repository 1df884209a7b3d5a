/** Q/GDW 376.1 framing, link management and AFN 10 F1 transparent forwarding (see frame.ts). */
export * from './fields.js';
export * from './forward.js';
export * from './frame.js';
export * from './link.js';
