import { describe, expect, it } from 'vitest';
import {
  ALL_PERMISSION_KEYS,
  AUTHENTICATED,
  grants,
  menuAllows,
  PUBLIC,
  parseRoleContent,
} from './permissions.js';
import { RoleContent } from './role.js';

describe('role content', () => {
  it('splits on commas and trims every key', () => {
    expect(parseRoleContent(' Token.CreditToken, TokenRecord.CreditTokenRecord ,,')).toEqual([
      'Token.CreditToken',
      'TokenRecord.CreditTokenRecord',
    ]);
    expect(parseRoleContent(null)).toEqual([]);
  });

  it('refuses unknown keys so a typo cannot silently hide a page', () => {
    expect(RoleContent.safeParse('Token.CreditToken,Management.Meter').success).toBe(true);
    expect(RoleContent.safeParse('Token.CreditTokn').success).toBe(false);
  });

  it('has the original key set, including the paired task-record keys', () => {
    expect(ALL_PERMISSION_KEYS).toContain(
      'RemoteMeterTaskRecord.GetReadingTask+RemoteMeterTaskRecord.UpdateReadingTask',
    );
    expect(ALL_PERMISSION_KEYS).toContain('TokenRecord.CancelCreditTokenRecord');
    expect(new Set(ALL_PERMISSION_KEYS).size).toBe(ALL_PERMISSION_KEYS.length);
  });
});

describe('server rule: exact keys', () => {
  it('grants a listed key, any of several, and the public/authenticated markers', () => {
    const content = ['Management.Meter'];
    expect(grants(content, 'Management.Meter')).toBe(true);
    expect(grants(content, 'Management.Gateway')).toBe(false);
    expect(grants(content, ['Setting.User', 'Management.Meter'])).toBe(true);
    expect(grants([], PUBLIC)).toBe(true);
    expect(grants([], AUTHENTICATED)).toBe(true);
  });

  it('a parent key does not grant its children', () => {
    expect(grants(['Management'], 'Management.Meter')).toBe(false);
  });
});

describe('menu rule of spec §6', () => {
  it('keeps a route whose name is listed or is the part before the first dot of a listed key', () => {
    const content = [
      'Management.Meter',
      'RemoteMeterTaskRecord.GetReadingTask+RemoteMeterTaskRecord.UpdateReadingTask',
    ];
    expect(menuAllows(content, 'Management')).toBe(true);
    expect(menuAllows(content, 'Management.Meter')).toBe(true);
    expect(menuAllows(content, 'Management.Gateway')).toBe(false);
    expect(menuAllows(content, 'RemoteMeterTaskRecord')).toBe(true);
    expect(menuAllows(content, 'Setting')).toBe(false);
  });
});
