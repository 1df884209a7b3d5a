import type { UpdateMeterKeyRequest } from '@prepay/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Col, Form, type FormInstance, Input, InputNumber, Row, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionModal } from '../../components/action-modal/action-modal';
import { type BaseYear, baseYearOptions, STS_KEY_INTEGERS } from '../../components/meter-options';
import { type AccountDialogProps, accountDialogPage } from './account-list';
import { readMeterForKey, updateMeterKey } from './api';
import '../../components/vending/locales';

interface KeyForm {
  sgcNew: string;
  krnNew: number;
  kenNew: number;
  tiNew: number;
  ktNew: number;
  baseYearNew: BaseYear;
  decoderKeyNew?: string;
}

/** The new key's small integers: the same ranges as the meter's own. */
const INT_FIELDS = STS_KEY_INTEGERS.map(([name, min, max]) => [`${name}New`, min, max] as const);

/** Starts from the meter's pending (or current) key fields when the role may read meters. */
function usePendingKeyFields(meterId: string, form: FormInstance<KeyForm>) {
  useEffect(() => {
    readMeterForKey(meterId)
      .then((m) => {
        if (!m) return;
        form.setFieldsValue({
          sgcNew: m.sgcNew ?? m.sgc ?? undefined,
          krnNew: m.krnNew ?? m.krn ?? undefined,
          kenNew: m.kenNew ?? m.ken ?? undefined,
          tiNew: m.tiNew ?? m.ti ?? undefined,
          ktNew: m.ktNew ?? m.kt ?? undefined,
          baseYearNew: (m.baseYearNew ?? m.baseYear ?? 2014) as KeyForm['baseYearNew'],
        });
      })
      .catch(() => undefined);
  }, [meterId, form]);
}

/** SGC, the four small integers, base year and an optional decoder key, two to a row on wide screens. */
function KeyFields() {
  const { t } = useTranslation();
  const required = { required: true, message: t('vending.validation.required') };
  return (
    <Row gutter={12}>
      <Col xs={24} sm={12}>
        <Form.Item
          name="sgcNew"
          label={t('vending.key.sgcNew')}
          rules={[required, { pattern: /^\s*\d{6}\s*$/, message: t('vending.key.sgcInvalid') }]}
        >
          <Input data-testid="key-sgcNew" maxLength={6} autoComplete="off" />
        </Form.Item>
      </Col>
      {INT_FIELDS.map(([name, min, max]) => (
        <Col xs={24} sm={12} key={name}>
          <Form.Item
            name={name}
            label={t(`vending.key.${name}`)}
            rules={[
              required,
              { type: 'integer', min, max, message: t('vending.validation.range', { min, max }) },
            ]}
          >
            <InputNumber
              data-testid={`key-${name}`}
              min={min}
              max={max}
              precision={0}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
      ))}
      <Col xs={24} sm={12}>
        <Form.Item name="baseYearNew" label={t('vending.key.baseYearNew')} rules={[{ required: true }]}>
          <Select options={baseYearOptions()} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item
          name="decoderKeyNew"
          label={t('vending.key.decoderKeyNew')}
          extra={t('vending.key.decoderKeyHint')}
          rules={[
            {
              pattern: /^\s*([0-9A-Fa-f]{16}|[0-9A-Fa-f]{32})\s*$/,
              message: t('vending.key.decoderKeyInvalid'),
            },
          ]}
        >
          <Input.Password data-testid="key-decoderKeyNew" autoComplete="new-password" />
        </Form.Item>
      </Col>
    </Row>
  );
}

const toRequest = (meterId: string, v: KeyForm): UpdateMeterKeyRequest => ({
  meterId,
  sgcNew: v.sgcNew.trim(),
  krnNew: v.krnNew,
  kenNew: v.kenNew,
  tiNew: v.tiNew,
  ktNew: v.ktNew,
  baseYearNew: v.baseYearNew,
  decoderKeyNew: v.decoderKeyNew?.trim() || null,
});

function KeyDialog({ account, onClose }: AccountDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<KeyForm>();
  usePendingKeyFields(account.meterId, form);
  const update = useMutation({
    mutationFn: (v: KeyForm) => updateMeterKey(toRequest(account.meterId, v)),
    onSuccess: () => {
      void message.success(t('vending.key.updated'));
      onClose();
    },
  });
  return (
    <ActionModal
      title={`${t('vending.key.title')} — ${account.meterId}`}
      testId="update-key-dialog"
      onClose={onClose}
      cancelLabel={t('vending.cancel')}
      action={{
        label: t('vending.confirm'),
        testId: 'update-key-submit',
        busy: update.isPending,
        onClick: () => void form.validateFields().then((v) => update.mutate(v)),
      }}
    >
      <Form<KeyForm> form={form} layout="vertical" initialValues={{ baseYearNew: 2014 }}>
        <KeyFields />
      </Form>
    </ActionModal>
  );
}

const page = accountDialogPage({
  resource: 'updateMeterKeyAccounts',
  actionLabel: 'vending.key.updateKey',
  Dialog: KeyDialog,
});
/** The page's first read, started with its code by the menu or the router. */
export const prefetch = page.prefetch;
/** Update Meter Key: writes the meter's new key fields; Change Meter Key Token then moves the meter to them. */
export default page.Page;
