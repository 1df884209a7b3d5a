import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { IMAGE_PATHS, IMAGE_SLOTS, type ImageRow, type ImageSlot } from '@prepay/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Empty,
  Image,
  Popconfirm,
  Row,
  Space,
  Typography,
  Upload,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileRequestError, uploadFile } from '../../lib/file-request';
import { runtimeConfig } from '../../lib/runtime-config';
import { deleteImage, readImages } from './api';
import './locales';

export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** Spec §5: PNG only, at most 2 MB. Returns the locale key of the problem, or null. */
export function checkImage(file: { name: string; type: string; size: number }): string | null {
  if (file.type !== 'image/png' && !file.name.toLowerCase().endsWith('.png')) return 'setting.image.pngOnly';
  if (file.size > IMAGE_MAX_BYTES) return 'setting.image.tooLarge';
  return null;
}

/** The stored image (or an empty box), with its size and date. */
function SlotPreview({ slot, row }: { slot: ImageSlot; row: ImageRow | undefined }) {
  const { t } = useTranslation();
  const src = row?.url ? `${runtimeConfig().apiUrl}${row.url}` : null;
  return (
    <>
      <div
        style={{
          minHeight: 180,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: '#fafafa',
        }}
      >
        {src ? (
          <Image src={src} alt={t(`setting.image.${slot}`)} style={{ maxHeight: 180, maxWidth: '100%' }} />
        ) : (
          <Empty description={t('setting.image.none')} />
        )}
      </div>
      {row?.url && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          {t('setting.image.size', {
            width: row.width ?? '?',
            height: row.height ?? '?',
            kb: row.size ? Math.ceil(row.size / 1024) : '?',
          })}
          {row.updateDate ? ` · ${t('setting.image.updated', { time: row.updateDate })}` : ''}
        </Typography.Paragraph>
      )}
    </>
  );
}

function SlotCard({
  slot,
  row,
  onChanged,
}: {
  slot: ImageSlot;
  row: ImageRow | undefined;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <Card title={t(`setting.image.${slot}`)} data-testid={`image-${slot}`}>
      <SlotPreview slot={slot} row={row} />
      <Space wrap style={{ marginTop: 8 }}>
        <Upload
          accept=".png,image/png"
          showUploadList={false}
          beforeUpload={(file) => {
            setDone(false);
            const bad = checkImage(file);
            if (bad) {
              setProblem(t(bad));
              return false;
            }
            setProblem(null);
            setBusy(true);
            uploadFile(`${IMAGE_PATHS.upload}?slot=${slot}`, file)
              .then(() => {
                setDone(true);
                void message.success(t('setting.image.refresh'));
                onChanged();
              })
              .catch((e: unknown) => setProblem(e instanceof FileRequestError ? e.message : String(e)))
              .finally(() => setBusy(false));
            return false;
          }}
        >
          <Button
            icon={<UploadOutlined />}
            loading={busy}
            type="primary"
            data-testid={`image-upload-${slot}`}
          >
            {t('setting.image.upload')}
          </Button>
        </Upload>
        {row?.url && (
          <Popconfirm
            title={t('listPage.deleteConfirm')}
            okText={t('listPage.confirm')}
            cancelText={t('listPage.cancel')}
            onConfirm={async () => {
              await deleteImage(slot);
              void message.success(t('listPage.deleted'));
              onChanged();
            }}
          >
            <Button danger icon={<DeleteOutlined />}>
              {t('listPage.delete')}
            </Button>
          </Popconfirm>
        )}
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t('setting.image.limit')}
      </Typography.Paragraph>
      {problem && <Alert style={{ marginTop: 8 }} type="error" showIcon title={problem} />}
      {done && <Alert style={{ marginTop: 8 }} type="success" showIcon title={t('setting.image.refresh')} />}
    </Card>
  );
}

/** Setting → Image: the login background and the receipt logo (PNG, ≤ 2 MB), with previews. */
export default function ImagePage() {
  const query = useQuery({
    queryKey: ['image'],
    queryFn: readImages,
  });
  return (
    <Row gutter={[16, 16]}>
      {IMAGE_SLOTS.map((slot) => (
        <Col key={slot} xs={24} md={12}>
          <SlotCard
            slot={slot}
            row={query.data?.find((r) => r.slot === slot)}
            onChanged={() => void query.refetch()}
          />
        </Col>
      ))}
    </Row>
  );
}
