import { Button, Modal, type ModalProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The dialog's one primary button: what it says, its test id, what it does and whether that runs. */
export interface ModalAction {
  label: ReactNode;
  testId: string;
  onClick: () => void;
  busy?: boolean;
}

/** Cancel (or `cancelLabel`) and the primary action, the footer every task and token dialog ends with. */
export function actionFooter(action: ModalAction, onClose: () => void, cancelLabel: ReactNode): ReactNode[] {
  return [
    <Button key="cancel" onClick={onClose}>
      {cancelLabel}
    </Button>,
    <Button
      key="ok"
      type="primary"
      loading={action.busy}
      data-testid={action.testId}
      onClick={action.onClick}
    >
      {action.label}
    </Button>,
  ];
}

/**
 * A dialog that does one thing: its body, Cancel, and the primary action showing busy while it runs.
 * Closing is the caller's (usually on success), so a refused request leaves the entries for a fix.
 */
export function ActionModal(props: {
  title: ReactNode;
  testId: string;
  onClose: () => void;
  action: ModalAction;
  cancelLabel?: ReactNode;
  width?: ModalProps['width'];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={props.title}
      onCancel={props.onClose}
      width={props.width}
      data-testid={props.testId}
      footer={actionFooter(props.action, props.onClose, props.cancelLabel ?? t('common.cancel'))}
    >
      {props.children}
    </Modal>
  );
}
