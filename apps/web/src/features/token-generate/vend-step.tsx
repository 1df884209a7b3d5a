import type { AccountRow, CreditTokenRecord } from '@prepay/contracts';
import type { InputRef } from 'antd';
import { Alert, Descriptions, Form, Modal } from 'antd';
import type { ReactNode, RefObject } from 'react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { actionFooter } from '../../components/action-modal/action-modal';
import { AuthorizationPasswordItem } from '../../components/vending/authorization-password';
import { CreditBreakdown, CreditSummary } from './credit-breakdown';

/**
 * Focus after the dialog's zoom-in, unless autoFocus already put it there: a fast cashier may have
 * typed into the field meanwhile, and re-focusing (or selecting) must not lose those keys.
 */
function focusUnlessTyping(input: InputRef | null) {
  if (input?.input && document.activeElement !== input.input) input.focus();
}

function AccountInfo({ account }: { account: AccountRow }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2 }}
      items={[
        { key: 'c', label: t('vending.customerId'), children: account.customerId },
        { key: 'n', label: t('vending.customerName'), children: account.customerName },
        { key: 'm', label: t('vending.meterId'), children: account.meterId },
        { key: 't', label: t('vending.tariffId'), children: account.tariffId },
      ]}
    />
  );
}

/** A step of the vend: the account on top, Cancel and one primary button, the step's field focused. */
export function VendStepModal(props: {
  title: string;
  testId: string;
  account: AccountRow;
  /** The field a cashier types into next, focused once the dialog is shown. */
  focus: RefObject<InputRef | null>;
  busy: boolean;
  onCancel: () => void;
  /** Footer text before the buttons. */
  hint?: string;
  primary: { label: string; testId: string; onClick: () => void };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      focusTriggerAfterClose={false}
      title={props.title}
      onCancel={props.onCancel}
      data-testid={props.testId}
      afterOpenChange={(open) => open && focusUnlessTyping(props.focus.current)}
      footer={[
        props.hint && (
          <span key="hint" className="vending-hint" style={{ marginRight: 8 }}>
            {props.hint}
          </span>
        ),
        ...actionFooter({ ...props.primary, busy: props.busy }, props.onCancel, t('vending.cancel')),
      ]}
    >
      <AccountInfo account={props.account} />
      {props.children}
    </Modal>
  );
}

/** The last step: what the vend gives, and the authorization password that confirms it. */
export function ConfirmStep(props: {
  account: AccountRow;
  preview: CreditTokenRecord;
  currency: string | null | undefined;
  busy: boolean;
  error: string | null;
  onBack: () => void;
  onConfirm: (password: string) => void;
}) {
  const { t } = useTranslation();
  const [passwordForm] = Form.useForm<{ authorizationPassword: string }>();
  const passwordRef = useRef<InputRef>(null);
  const submit = async () => {
    const { authorizationPassword } = await passwordForm.validateFields();
    props.onConfirm(authorizationPassword);
  };
  return (
    <VendStepModal
      title={t('vending.transactionConfirmation')}
      testId="transaction-confirmation"
      account={props.account}
      focus={passwordRef}
      busy={props.busy}
      onCancel={props.onBack}
      primary={{ label: t('vending.confirm'), testId: 'confirm-vend', onClick: () => void submit() }}
    >
      <CreditSummary record={props.preview} currency={props.currency} />
      <CreditBreakdown record={props.preview} />
      {props.error && (
        <Alert type="error" showIcon title={props.error} data-testid="vend-error" style={{ marginTop: 12 }} />
      )}
      <Form form={passwordForm} layout="vertical" style={{ marginTop: 12 }} onFinish={() => void submit()}>
        <AuthorizationPasswordItem
          ref={passwordRef}
          autoFocus
          onPressEnter={(e) => {
            e.preventDefault();
            void submit();
          }}
        />
      </Form>
    </VendStepModal>
  );
}
