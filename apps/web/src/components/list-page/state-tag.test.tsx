import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// antd's Tag, counted: the grid should draw it once per colour, then only its classes.
const tagRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('antd', async (load) => {
  const antd = await load<typeof import('antd')>();
  const { forwardRef, createElement } = await import('react');
  const Tag = forwardRef<HTMLSpanElement, Parameters<typeof antd.Tag>[0]>((props, ref) => {
    tagRenders.count++;
    return createElement(antd.Tag, { ...props, ref });
  });
  return { ...antd, Tag };
});

const { StateTag, forgetTagClasses } = await import('./state-tag');

describe('StateTag', () => {
  afterEach(() => {
    cleanup();
    forgetTagClasses();
    tagRenders.count = 0;
  });

  it("draws antd's Tag for the first tag of a colour and the same classes without it after", () => {
    const first = render(<StateTag color="green">Online</StateTag>);
    const drawn = first.container.querySelector('span');
    expect(tagRenders.count).toBe(1);
    expect(drawn?.className).toContain('ant-tag');
    expect(drawn?.className).toContain('ant-tag-green');

    const later = render(
      <>
        <StateTag color="green">Online</StateTag>
        <StateTag color="green">Online</StateTag>
      </>,
    );
    expect(tagRenders.count).toBe(1);
    const spans = later.container.querySelectorAll('span');
    expect(spans).toHaveLength(2);
    for (const s of spans) {
      expect(s.className).toBe(drawn?.className);
      expect(s.textContent).toBe('Online');
    }
  });

  it('learns each colour on its own', () => {
    render(<StateTag color="green">Online</StateTag>);
    const red = render(<StateTag color="red">Missing</StateTag>);
    expect(tagRenders.count).toBe(2);
    expect(red.container.querySelector('span')?.className).toContain('ant-tag-red');
  });
});
