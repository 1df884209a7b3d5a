import { UploadOutlined } from '@ant-design/icons';
import { type CaseRow, IMAGE_MAX_BYTES, REVPROT_CASE_PATHS, revprotPhotoPath } from '@prepay/contracts';
import { Alert, Button, Image, Space, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileRequestError, fetchBlob, uploadFile } from '../../lib/file-request';
import './locales';

/** One photo, read with the user's session (an <img> alone would not send it). */
function Photo({ photoId }: { photoId: number }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    let live = true;
    fetchBlob(revprotPhotoPath(photoId))
      .then((blob) => {
        made = URL.createObjectURL(blob);
        if (live) setUrl(made);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [photoId]);
  return url ? <Image src={url} width={96} height={96} style={{ objectFit: 'cover' }} /> : null;
}

/** The first bytes of every PNG file: anything else is refused before it is sent. */
async function isPng(file: File) {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  return [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => head[i] === b);
}

/** The case's inspection photos, and (while it is not closed) the upload of another PNG ≤ 2 MB. */
export function CasePhotos({ row, onChanged }: { row: CaseRow; onChanged: () => void }) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const add = async (file: File) => {
    setProblem(null);
    if (file.size > IMAGE_MAX_BYTES) return setProblem(t('revprot.case.photoTooLarge'));
    if (!(await isPng(file))) return setProblem(t('revprot.case.photoNotPng'));
    setBusy(true);
    try {
      await uploadFile(`${REVPROT_CASE_PATHS.photo}?caseId=${row.caseId}`, file);
      onChanged();
    } catch (e) {
      setProblem(e instanceof FileRequestError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Image.PreviewGroup>
        <Space wrap data-testid="case-photos">
          {row.photoIds.map((id) => (
            <Photo key={id} photoId={id} />
          ))}
        </Space>
      </Image.PreviewGroup>
      {row.status !== 'closed' && (
        <Upload
          accept=".png,image/png"
          showUploadList={false}
          beforeUpload={(file) => {
            void add(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy} data-testid="case-photo-upload">
            {t('revprot.case.addPhoto')}
          </Button>
        </Upload>
      )}
      {problem && <Alert type="error" showIcon message={problem} data-testid="case-photo-problem" />}
    </Space>
  );
}
