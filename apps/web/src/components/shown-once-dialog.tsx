import { Modal, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** One secret of the dialog: its label, its value (not shown when empty) and the test id of its text. */
export interface ShownSecret {
  label: string;
  value: string | null | undefined;
  testId: string;
}

/**
 * Secrets the server chose and keeps only as hashes (a vendor's channel secret, a user's one-time
 * passwords): shown this once, each with a copy button. Only Close closes it, never a click beside it,
 * so the secrets are not lost before they were copied.
 */
export function ShownOnceDialog(p: {
  title: string;
  /** The warning that the secrets will not be shown again. */
  hint: string;
  /** What the holder's id is (a user, a vendor's username). */
  holderLabel: string;
  /** Whose secrets and which: the dialog is open while there are some to show. */
  shown: { holder: string; secrets: readonly ShownSecret[] } | null;
  testId: string;
  closeTestId: string;
  onClose: () => void;
  /** What follows the secrets. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={p.shown !== null}
      title={p.title}
      onOk={p.onClose}
      onCancel={p.onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      okButtonProps={{ 'data-testid': p.closeTestId }}
      okText={t('listPage.close')}
      maskClosable={false}
      destroyOnHidden
    >
      <div data-testid={p.testId}>
        <Typography.Paragraph type="warning">{p.hint}</Typography.Paragraph>
        <Typography.Paragraph>
          {p.holderLabel}: <b>{p.shown?.holder}</b>
        </Typography.Paragraph>
        {p.shown?.secrets.map(
          ({ label, value, testId }) =>
            value && (
              <Typography.Paragraph key={testId} style={{ wordBreak: 'break-all' }}>
                {label}:{' '}
                <Typography.Text code copyable data-testid={testId}>
                  {value}
                </Typography.Text>
              </Typography.Paragraph>
            ),
        )}
        {p.children}
      </div>
    </Modal>
  );
}
