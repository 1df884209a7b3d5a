import { describe, expect, it } from 'vitest';
import { groupsOfFour } from './token.js';

describe('groupsOfFour (how the API answers and pages print tokens)', () => {
  it('shows tokens in groups of four whatever the spacing', () => {
    expect(groupsOfFour('12345678901234567890')).toBe('1234 5678 9012 3456 7890');
    expect(groupsOfFour('1234 5678 9012 3456 7890')).toBe('1234 5678 9012 3456 7890');
    expect(groupsOfFour(' 1234567890 1234567890 ')).toBe('1234 5678 9012 3456 7890');
    expect(groupsOfFour('')).toBe('');
    expect(groupsOfFour(null)).toBe('');
  });
});
