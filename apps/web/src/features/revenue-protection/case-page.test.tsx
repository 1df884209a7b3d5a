import { act, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import '../../lib/i18n';
import { cleanUpAfterEach, renderInApp, serveList } from '../../test/list-server';
import CasePage from './case-page';

cleanUpAfterEach();

// Rendering antd in jsdom takes seconds on a loaded machine.
describe('the case page', { timeout: 30_000 }, () => {
  it('shows the case asked for on each arrival at the page kept alive, not only when it is built', async () => {
    serveList([]);
    const router = createMemoryRouter(
      [
        { path: '/revenue-protection/case', element: <CasePage /> },
        { path: '/revenue-protection/suspects', element: null },
      ],
      { initialEntries: ['/revenue-protection/case'] },
    );
    renderInApp(<RouterProvider router={router} />);
    expect(screen.queryByText('Case 5')).toBeNull();
    // A case opened from a suspect: the same page, arrived at with the new case's id.
    await act(() => router.navigate('/revenue-protection/case?caseId=5'));
    expect(await screen.findByText('Case 5')).toBeTruthy();
  });
});
