import { describe, expect, it } from 'vitest';
import { isAbnormal, isReply, replyControl } from '../src/index.js';

describe('control codes', () => {
  it('pair requests with normal, abnormal and more replies', () => {
    expect(replyControl(0x11, 'normal')).toBe(0x91);
    expect(replyControl(0x11, 'abnormal')).toBe(0xd1);
    expect(replyControl(0x11, 'more')).toBe(0xb1);
    expect(replyControl(0x1c, 'abnormal')).toBe(0xdc);
    expect(isReply(0x91)).toBe(true);
    expect(isReply(0x11)).toBe(false);
    expect(isAbnormal(0xd4)).toBe(true);
    expect(isAbnormal(0xb1)).toBe(false);
  });
});
