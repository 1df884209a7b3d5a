import type { VendingKeyRow } from '@prepay/contracts';
import { Button, DatePicker, Form, type TableColumnsType, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/list-page/form-modal';
import { setVendingKeyExpiry } from './api';

/** How far ahead a key custodian is warned of a key's expiry: time to introduce the next revision. */
const WARN_DAYS = 90;

const w = (t: TFunction, k: string, o?: Record<string, unknown>) => t(`setting.vendingKey.${k}`, o);

/** The day as the wire carries it, or null for "does not expire". */
export const expiryDay = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);

/** The expiry day with a warning once it is near or past; "never" without one. */
function ExpiryCell({ day }: { day: string | null }) {
  const { t } = useTranslation();
  if (!day) return <>{w(t, 'neverExpires')}</>;
  const left = dayjs(day).diff(dayjs().startOf('day'), 'day');
  if (left < 0) return <Tag color="red">{w(t, 'expiredOn', { day })}</Tag>;
  if (left <= WARN_DAYS) return <Tag color="orange">{w(t, 'expiresIn', { day, count: left })}</Tag>;
  return <>{day}</>;
}

/** The key's expiry and the KEN its key changes carry. */
export function expiryColumns(t: TFunction): TableColumnsType<VendingKeyRow> {
  return [
    {
      key: 'expiresOn',
      dataIndex: 'expiresOn',
      title: w(t, 'expiresOn'),
      width: 170,
      render: (v: string | null) => <ExpiryCell day={v} />,
    },
    { key: 'ken', dataIndex: 'ken', title: w(t, 'ken'), width: 60 },
  ];
}

/** The optional expiry day of a key being loaded, generated or imported. */
export function ExpiryField() {
  const { t } = useTranslation();
  return (
    <Form.Item name="expiresOn" label={w(t, 'expiresOn')} extra={w(t, 'expiryHint')}>
      <DatePicker style={{ width: '100%' }} data-testid="key-expires-on" />
    </Form.Item>
  );
}

/** A row's "Expiry" button: opens the page's one expiry dialog for that key. */
export function ExpiryButton({ row, onOpen }: { row: VendingKeyRow; onOpen: (row: VendingKeyRow) => void }) {
  const { t } = useTranslation();
  return (
    <Button size="small" onClick={() => onOpen(row)} data-testid={`expiry-key-${row.sgc}-${row.krn}`}>
      {w(t, 'expiry')}
    </Button>
  );
}

type ExpiryForm = { expiresOn?: Dayjs | null };

/** The expiry dialog of one key: set, move or remove its day (the server audits each change). */
function ExpiryDialog(props: { row: VendingKeyRow; onClose: () => void; onChanged: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const { row } = props;
  const [form] = Form.useForm<ExpiryForm>();
  const submit = async (v: ExpiryForm) => {
    await setVendingKeyExpiry(row.sgc, row.krn, expiryDay(v.expiresOn));
    await props.onChanged();
  };
  return (
    <FormModal<ExpiryForm>
      open
      title={w(t, 'expiryTitle', { sgc: row.sgc, krn: row.krn })}
      width={400}
      okText={w(t, 'expiryOk')}
      okTestId="expiry-submit"
      form={form}
      testId="expiry-form"
      onSubmit={submit}
      onClose={props.onClose}
    >
      <Form.Item
        name="expiresOn"
        label={w(t, 'expiresOn')}
        extra={w(t, 'expiryClearHint')}
        initialValue={row.expiresOn ? dayjs(row.expiresOn) : null}
      >
        <DatePicker allowClear style={{ width: '100%' }} data-testid="expiry-day" />
      </Form.Item>
    </FormModal>
  );
}

/**
 * The page's expiry dialog, opened for a row and mounted only while open: the page keeps one form dialog
 * (the key form) mounted, not one more per feature.
 */
export function useExpiryDialog(onChanged: () => Promise<unknown>) {
  const [row, setRow] = useState<VendingKeyRow | null>(null);
  const dialog = row && <ExpiryDialog row={row} onClose={() => setRow(null)} onChanged={onChanged} />;
  return { open: setRow, dialog };
}
