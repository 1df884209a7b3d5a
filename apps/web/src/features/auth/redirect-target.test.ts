import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect-target';

describe('redirectTarget', () => {
  it('returns the redirect path with its query and carries other keys over', () => {
    expect(redirectTarget('?redirect=%2Fsetting%2Fuser%3Fpage%3D2&lang=zh')).toBe(
      '/setting/user?page=2&lang=zh',
    );
    expect(redirectTarget('')).toBe('/');
  });
  it('refuses other origins and loops back to login', () => {
    expect(redirectTarget('?redirect=https%3A%2F%2Fevil.example')).toBe('/');
    expect(redirectTarget('?redirect=%2F%2Fevil.example')).toBe('/');
    expect(redirectTarget('?redirect=%2Flogin')).toBe('/');
  });
});
