import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShownOnceDialog } from './shown-once-dialog';

describe('ShownOnceDialog', () => {
  afterEach(cleanup);

  it('shows the holder and each secret the server chose, leaves out an empty one, and closes by its button', () => {
    const onClose = vi.fn();
    render(
      <ShownOnceDialog
        title="Passwords"
        hint="Shown once"
        holderLabel="User"
        shown={{
          holder: 'u1',
          secrets: [
            { label: 'Login password', value: 'pw-login-1', testId: 'login-secret' },
            { label: 'Authorization password', value: null, testId: 'auth-secret' },
          ],
        }}
        testId="secrets"
        closeTestId="secrets-close"
        onClose={onClose}
      >
        <span data-testid="after">issued today</span>
      </ShownOnceDialog>,
    );
    const box = screen.getByTestId('secrets');
    expect(box.textContent).toContain('Shown once');
    expect(box.textContent).toContain('User: u1');
    expect(screen.getByTestId('login-secret').textContent).toContain('pw-login-1');
    expect(screen.queryByTestId('auth-secret')).toBeNull();
    expect(screen.getByTestId('after').textContent).toBe('issued today');
    fireEvent.click(screen.getByTestId('secrets-close'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
