/**
 * Control byte: bit7 direction (1 = reply), bit6 abnormal reply, bit5 follow-up frames exist,
 * bits4..0 function code.
 */
export const Control = {
  SECURITY: 0x03,
  BROADCAST_TIME: 0x08,
  READ: 0x11,
  READ_FOLLOW: 0x12,
  READ_ADDRESS: 0x13,
  WRITE: 0x14,
  WRITE_ADDRESS: 0x15,
  FREEZE: 0x16,
  CHANGE_BAUD: 0x17,
  CHANGE_PASSWORD: 0x18,
  DEMAND_RESET: 0x19,
  METER_CLEAR: 0x1a,
  EVENT_CLEAR: 0x1b,
  RELAY: 0x1c,
} as const;

/** DL/T 645-1997 function codes (same frame, 2-byte DI). */
export const Control1997 = {
  READ: 0x01,
  READ_FOLLOW: 0x02,
  REREAD: 0x03,
  WRITE: 0x04,
  BROADCAST_TIME: 0x08,
  WRITE_ADDRESS: 0x0a,
  CHANGE_BAUD: 0x0c,
  CHANGE_PASSWORD: 0x0f,
  DEMAND_RESET: 0x10,
} as const;

export const DIRECTION_BIT = 0x80;
export const ABNORMAL_BIT = 0x40;
export const FOLLOW_BIT = 0x20;

export function functionCode(control: number): number {
  return control & 0x1f;
}

export function replyControl(request: number, kind: 'normal' | 'abnormal' | 'more'): number {
  const fn = functionCode(request);
  if (kind === 'abnormal') return fn | DIRECTION_BIT | ABNORMAL_BIT;
  if (kind === 'more') return fn | DIRECTION_BIT | FOLLOW_BIT;
  return fn | DIRECTION_BIT;
}

export function isReply(control: number): boolean {
  return (control & DIRECTION_BIT) !== 0;
}

export function isAbnormal(control: number): boolean {
  return (control & (DIRECTION_BIT | ABNORMAL_BIT)) === (DIRECTION_BIT | ABNORMAL_BIT);
}

export function hasFollowUp(control: number): boolean {
  return (control & FOLLOW_BIT) !== 0;
}

const NAMES_2007: Record<number, string> = Object.fromEntries(
  Object.entries(Control).map(([k, v]) => [v, k.toLowerCase().replace(/_/g, '-')]),
);

/** 'read', 'relay', … for logs; 'function-0x05' for codes the 2007 edition does not define. */
export function controlName(control: number): string {
  const fn = functionCode(control);
  const base = NAMES_2007[fn] ?? `function-0x${fn.toString(16).padStart(2, '0')}`;
  if (!isReply(control)) return base;
  if (isAbnormal(control)) return `${base} abnormal reply`;
  return hasFollowUp(control) ? `${base} reply (more follows)` : `${base} reply`;
}
