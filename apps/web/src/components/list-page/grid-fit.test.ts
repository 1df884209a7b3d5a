import { afterEach, describe, expect, it } from 'vitest';
import { headerHeight } from './grid-fit';

/** A fixed app header whose height reads count (each read is a forced layout in a browser). */
function fixedHeader(height: number) {
  const header = document.createElement('header');
  header.className = 'app-header fixed';
  const reads = { count: 0 };
  Object.defineProperty(header, 'offsetHeight', {
    get: () => {
      reads.count++;
      return height;
    },
  });
  document.body.append(header);
  return { header, reads };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the sticky top of a grid', () => {
  it('reads the header once, not on every grid that mounts', () => {
    const { reads } = fixedHeader(84);
    expect(headerHeight()).toBe(84);
    expect(headerHeight()).toBe(84);
    expect(headerHeight()).toBe(84);
    expect(reads.count).toBe(1);
  });

  it('a new shell (signed in again) is measured afresh', () => {
    fixedHeader(84);
    expect(headerHeight()).toBe(84);
    document.body.innerHTML = '';
    const { reads } = fixedHeader(50);
    expect(headerHeight()).toBe(50);
    expect(reads.count).toBe(1);
  });

  it('a header that scrolls away (not fixed) gives 0', () => {
    expect(headerHeight()).toBe(0);
  });
});
