import { afterEach, describe, expect, it } from 'vitest';
import { headerHeight, pageAreaWidth } from './grid-fit';

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

describe('the page area a grid guesses its width from', () => {
  /** The shell's page area whose width reads count (each read is a forced layout in a browser). */
  function pageArea(width: number) {
    const main = document.createElement('main');
    main.dataset.testid = 'app-main';
    const reads = { count: 0 };
    Object.defineProperty(main, 'clientWidth', {
      get: () => {
        reads.count++;
        return width;
      },
    });
    document.body.append(main);
    return reads;
  }

  it('is read once per shell, not by every grid that mounts', () => {
    const reads = pageArea(1090);
    expect(pageAreaWidth()).toBe(1090);
    expect(pageAreaWidth()).toBe(1090);
    expect(reads.count).toBe(1);
    document.body.innerHTML = '';
    const again = pageArea(700);
    expect(pageAreaWidth()).toBe(700);
    expect(again.count).toBe(1);
  });
});
