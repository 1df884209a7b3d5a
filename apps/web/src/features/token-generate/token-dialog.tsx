import type { AccountRow } from '@prepay/contracts';
import { Button, Descriptions, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { actionFooter, type ModalAction } from '../../components/action-modal/action-modal';
import { TokenText } from '../../components/vending/vending';

/** Customer, meter (and tariff) of the account a token is generated for. */
export function AccountSummary({ account, tariff = false }: { account: AccountRow; tariff?: boolean }) {
  const { t } = useTranslation();
  const items = [
    { key: 'c', label: t('vending.customerId'), children: account.customerId },
    { key: 'n', label: t('vending.customerName'), children: account.customerName },
    { key: 'm', label: t('vending.meterId'), children: account.meterId },
  ];
  if (tariff) items.push({ key: 't', label: t('vending.tariffId'), children: account.tariffId });
  return <Descriptions size="small" column={{ xs: 1, sm: 2 }} items={items} />;
}

/** The receipt number, what else the record says, and the token with its copy button. */
export function ReceiptLines(props: { receiptId: number; token: string; lines: Array<[string, ReactNode]> }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      size="small"
      column={1}
      items={[
        {
          key: 'r',
          label: t('vending.receiptId'),
          children: <span data-testid="receipt-id">{props.receiptId}</span>,
        },
        ...props.lines.map(([label, value]) => ({ key: label, label, children: value })),
        { key: 'tok', label: t('vending.token'), children: <TokenText token={props.token} /> },
      ]}
    />
  );
}

export function PrintReceiptButton({ primary, onClick }: { primary?: boolean; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button type={primary ? 'primary' : 'default'} data-testid="print-receipt" onClick={onClick}>
      {t('vending.printReceipt')}
    </Button>
  );
}

/**
 * A management or key-change token dialog in two steps: the account and what the token needs, with
 * Generate; then the record, with Close, Print Receipt and whatever step the kind has left.
 */
export function TokenDialog(props: {
  title: string;
  testId: string;
  account: AccountRow;
  tariff?: boolean;
  onClose: () => void;
  generate: ModalAction;
  /** The buttons after Close once the token exists; null while it does not. */
  doneActions: ReactNode[] | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { doneActions, onClose } = props;
  const footer = doneActions
    ? [
        <Button key="close" data-testid="dialog-close" onClick={onClose}>
          {t('vending.close')}
        </Button>,
        ...doneActions,
      ]
    : actionFooter(props.generate, onClose, t('vending.cancel'));
  return (
    <Modal
      open
      title={doneActions ? t('vending.tokenGenerated') : props.title}
      onCancel={onClose}
      data-testid={props.testId}
      footer={footer}
    >
      <AccountSummary account={props.account} tariff={props.tariff} />
      {props.children}
    </Modal>
  );
}
