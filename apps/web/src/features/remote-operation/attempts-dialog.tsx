import type { TaskAttemptRow } from '@prepay/contracts';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Modal, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { readAttempts } from './api';

/** A frame in hex, copyable, wrapping anywhere (frames are long and have no spaces to break at). */
export const Hex = ({ value }: { value: string | null | undefined }) =>
  value ? (
    <Typography.Text code copyable style={{ wordBreak: 'break-all', whiteSpace: 'normal' }}>
      {value}
    </Typography.Text>
  ) : null;

const attemptItems = (t: TFunction, a: TaskAttemptRow) => [
  { key: 'n', label: t('remote.attempt'), children: a.attempt },
  {
    key: 'o',
    label: t('remote.outcome'),
    children: (
      <Tag color={a.outcome === 'success' ? 'success' : 'error'} data-testid="attempt-outcome">
        {t(`remote.outcomes.${a.outcome ?? 'no-reply'}`)}
      </Tag>
    ),
  },
  { key: 'd', label: t('remote.reason'), children: a.detail },
  { key: 's', label: t('remote.sendFrame'), children: <Hex value={a.sendFrame} /> },
  { key: 'r', label: t('remote.receiveFrame'), children: <Hex value={a.receiveFrame} /> },
  { key: 'v', label: t('remote.decoded'), children: a.value },
  { key: 't', label: t('remote.transport'), children: a.transport },
  { key: 'b', label: t('remote.start'), children: a.startDate },
  { key: 'e', label: t('remote.end'), children: a.endDate },
];

/** Every attempt of a task: frames in hex, decoded value, outcome. */
export function AttemptsDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const attempts = useQuery({
    queryKey: ['task-attempts', id],
    queryFn: () => readAttempts(id),
  });
  return (
    <Modal
      open
      title={t('remote.attemptTitle', { id })}
      onCancel={onClose}
      footer={null}
      data-testid="attempts-dialog"
      width={720}
    >
      {(attempts.data ?? []).map((a) => (
        <Descriptions
          key={a.attempt}
          size="small"
          bordered
          column={1}
          style={{ marginBottom: 12 }}
          data-testid="attempt"
          items={attemptItems(t, a)}
        />
      ))}
    </Modal>
  );
}
