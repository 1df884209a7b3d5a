import { Form, Input } from 'antd';
import type { ComponentProps } from 'react';

/** The longest remark the server keeps with an action (its column's size). */
export const REMARK_MAX_LENGTH = 500;

/**
 * The remark kept with an action (a vend, a token, a cancel, a switch-off): two rows, never longer than
 * the server keeps. With `requiredMessage` it is a reason the operator must give, and blanks do not count.
 * Other props go to the text area (its test id).
 */
export function RemarkItem({
  label,
  requiredMessage,
  ...props
}: { label: string; requiredMessage?: string } & ComponentProps<typeof Input.TextArea>) {
  return (
    <Form.Item
      name="remark"
      label={label}
      rules={requiredMessage ? [{ required: true, whitespace: true, message: requiredMessage }] : undefined}
    >
      <Input.TextArea rows={2} maxLength={REMARK_MAX_LENGTH} {...props} />
    </Form.Item>
  );
}
