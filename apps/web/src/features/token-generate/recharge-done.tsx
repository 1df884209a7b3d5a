import { type CreditTokenRecord, TASK_ROUTES } from '@prepay/contracts';
import { Alert, App, Button, Modal } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { creditReceipt, printReceipt, useReceiptContext } from '../../components/vending/receipt';
import { useBasicInformation, useHasPermission } from '../../components/vending/vending';
import { sendTokenToMeter } from './api';
import { CreditBreakdown, CreditSummary } from './credit-breakdown';
import { ReceiptLines } from './token-dialog';

/**
 * Recharge Succeeded: the token, what the customer got, Print Receipt (focused: Enter prints) and, for a
 * role that may create token tasks, Send to meter (a remote token task, delivered by the head-end).
 */
export function RechargeDone({ record: r, onClose }: { record: CreditTokenRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const printRef = useRef<HTMLButtonElement>(null);
  const basic = useBasicInformation();
  const receiptContext = useReceiptContext();
  const canSend = useHasPermission(TASK_ROUTES.token.createKey);
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);

  const send = async () => {
    setSending(true);
    try {
      await sendTokenToMeter(r.meterId, r.token);
      setSent(true);
      void message.success(t('vending.office.sentToMeter'));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open
      focusTriggerAfterClose={false}
      title={t('vending.rechargeSucceeded')}
      onCancel={onClose}
      data-testid="recharge-succeeded"
      afterOpenChange={(open) => open && printRef.current?.focus()}
      footer={[
        <Button key="close" data-testid="dialog-close" onClick={onClose}>
          {t('vending.close')}
        </Button>,
        ...(canSend
          ? [
              <Button
                key="send"
                data-testid="send-to-meter"
                loading={sending}
                disabled={sent}
                onClick={() => void send()}
              >
                {t('vending.office.sendToMeter')}
              </Button>,
            ]
          : []),
        <Button
          key="print"
          type="primary"
          ref={printRef}
          autoFocus
          data-testid="print-receipt"
          onClick={() => printReceipt(t, creditReceipt(t, r, receiptContext))}
        >
          {t('vending.printReceipt')}
        </Button>,
      ]}
    >
      <Alert type="success" showIcon title={t('vending.rechargeSucceeded')} style={{ marginBottom: 12 }} />
      <ReceiptLines receiptId={r.receiptId} token={r.token} lines={[[t('vending.meterId'), r.meterId]]} />
      <CreditSummary record={r} currency={basic.data?.currency} />
      <CreditBreakdown record={r} />
    </Modal>
  );
}
