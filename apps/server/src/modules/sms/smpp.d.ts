/** The parts of npm `smpp` (0.5.1, untyped) this server and its tests use. */
declare module 'smpp' {
  import type { EventEmitter } from 'node:events';
  import type { Server as NetServer } from 'node:net';

  export interface PDU {
    command: string;
    command_status: number;
    sequence_number: number;
    [field: string]: unknown;
    response(fields?: Record<string, unknown>): PDU;
    isResponse(): boolean;
  }

  export interface Session extends EventEmitter {
    send(pdu: PDU, onResponse?: (pdu: PDU) => void): boolean;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
    bind_transceiver(fields: Record<string, unknown>, onResponse: (pdu: PDU) => void): boolean;
    submit_sm(fields: Record<string, unknown>, onResponse: (pdu: PDU) => void): boolean;
    deliver_sm(fields: Record<string, unknown>, onResponse?: (pdu: PDU) => void): boolean;
    unbind(onResponse?: (pdu: PDU) => void): boolean;
  }

  export interface Server extends NetServer {
    sessions: Session[];
  }

  export function connect(options: { url: string; auto_enquire_link_period?: number }): Session;
  export function createServer(listener: (session: Session) => void): Server;

  export const ESME_ROK: number;
  export const ESME_RBINDFAIL: number;
  export const ESM_CLASS: { MC_DELIVERY_RECEIPT: number };
  export const REGISTERED_DELIVERY: { FINAL: number };
  export const MESSAGE_STATE: Record<string, number>;
}
