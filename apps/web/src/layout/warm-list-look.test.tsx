import { act, render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Providers } from '../app/providers';
import { WarmListLook } from './warm-list-look';

/** The document's generated styles that style the named antd part. */
const stylesOf = (part: string) =>
  [...document.head.querySelectorAll('style')].filter((s) => s.textContent?.includes(`.${part}`));

describe('a list page’s look is made ready while the shell is idle', () => {
  it('draws the list parts once, hidden, when idle after the list code has loaded; their styles stay', async () => {
    const queue: (() => void)[] = [];
    const idle = (run: () => void) => {
      queue.push(run);
      return () => queue.splice(queue.indexOf(run), 1);
    };
    render(
      <Providers>
        <WarmListLook idle={idle} />
      </Providers>,
    );
    // Nothing before the list pages' code is here.
    expect(queue).toHaveLength(0);
    // The list pages' shared code offers the sample when its chunk loads.
    await act(() => import('../components/list-page/warm-look'));
    expect(queue).toHaveLength(1);
    expect(document.querySelector('[data-testid=warm-look]')).toBeNull();
    expect(stylesOf('ant-table')).toHaveLength(0);

    act(() => queue.shift()?.());
    await waitFor(() => expect(document.querySelector('[data-testid=warm-look]')).toBeNull());
    expect(stylesOf('ant-table').length).toBeGreaterThan(0);
    expect(stylesOf('ant-pagination').length).toBeGreaterThan(0);
    expect(stylesOf('ant-input').length).toBeGreaterThan(0);
    expect(queue).toHaveLength(0);
  });
});
