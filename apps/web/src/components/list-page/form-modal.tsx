import { Form, type FormInstance, Modal, type ModalProps } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './locales';

/**
 * A dialog around one form: OK validates it, runs `onSubmit` showing busy, and closes when that
 * succeeds. A refused request keeps it open for a fix (the request layer has shown the reason), as do
 * invalid fields (the form shows the messages next to them). Full width on phones is the caller's
 * `width`, since each dialog has its own breakpoint.
 */
export function FormModal<V>(props: {
  open: boolean;
  title: ReactNode;
  width: ModalProps['width'];
  okText: ReactNode;
  okTestId: string;
  form: FormInstance<V>;
  /** The form's test id. */
  testId: string;
  onSubmit: (values: V) => Promise<unknown>;
  onClose: () => void;
  maskClosable?: boolean;
  /** false drops the values of fields that unmount (the form dialog's hidden fields). */
  preserve?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    let values: V;
    try {
      values = await props.form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    try {
      await props.onSubmit(values);
      props.onClose();
    } catch {
      // Shown already; the dialog stays open.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={props.open}
      title={props.title}
      width={props.width}
      okText={props.okText}
      cancelText={t('listPage.cancel')}
      okButtonProps={{ loading: busy, 'data-testid': props.okTestId }}
      onOk={submit}
      onCancel={props.onClose}
      forceRender
      maskClosable={props.maskClosable}
    >
      <Form form={props.form} layout="vertical" data-testid={props.testId} preserve={props.preserve}>
        {props.children}
      </Form>
    </Modal>
  );
}
