import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Button, Form } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REMARK_MAX_LENGTH, RemarkItem } from './remark-item';

function renderForm(item: ReactNode) {
  const onFinish = vi.fn();
  render(
    <Form onFinish={onFinish}>
      {item}
      <Button htmlType="submit" data-testid="submit">
        OK
      </Button>
    </Form>,
  );
  return onFinish;
}

describe('RemarkItem', () => {
  afterEach(cleanup);

  it('as a reason: a blank one is refused with its message', async () => {
    const onFinish = renderForm(<RemarkItem label="Reason" requiredMessage="Say why" data-testid="reason" />);
    const area = screen.getByTestId('reason');
    expect(area.getAttribute('maxlength')).toBe(String(REMARK_MAX_LENGTH));
    fireEvent.change(area, { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('submit'));
    expect(await screen.findByText('Say why')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
    fireEvent.change(area, { target: { value: 'Wrong meter' } });
    fireEvent.click(screen.getByTestId('submit'));
    await vi.waitFor(() => expect(onFinish).toHaveBeenCalledWith({ remark: 'Wrong meter' }));
  });

  it('as a plain remark: it may stay empty', async () => {
    const onFinish = renderForm(<RemarkItem label="Remark" data-testid="remark" />);
    fireEvent.click(screen.getByTestId('submit'));
    await vi.waitFor(() => expect(onFinish).toHaveBeenCalledTimes(1));
  });
});
