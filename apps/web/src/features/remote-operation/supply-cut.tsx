import type { AccountRow } from '@prepay/contracts';
import { Alert, App } from 'antd';
import { useTranslation } from 'react-i18next';
import { RemarkItem } from '../../components/remark-item';
import { AuthorizationPasswordItem } from '../../components/vending/authorization-password';
import { sessionStore } from '../../lib/session';

/** The data item that opens a meter's relay or valve: the customer loses supply. */
export const SWITCH_OFF_FLAG = 'C03C';

/** The server demands the authorization password for a supply cut (SWITCH_OFF_REQUIRES_AUTHORIZATION). */
const useNeedsPassword = () => sessionStore.use((s) => s.info?.switchOffNeedsAuthorization === true);

/**
 * What Switch Off asks besides the meters: a warning naming how many customers lose supply, the reason
 * (always, stored with the task) and the authorization password where the server demands it.
 */
export function SupplyCutFields({ rows }: { rows: AccountRow[] }) {
  const { t } = useTranslation();
  const needsPassword = useNeedsPassword();
  return (
    <>
      <Alert
        type="warning"
        showIcon
        data-testid="switch-off-warning"
        title={t('remote.switchOffWarning', { count: rows.length })}
        style={{ marginBottom: 12 }}
      />
      <RemarkItem
        label={t('remote.switchOffReason')}
        requiredMessage={t('remote.switchOffReasonRequired')}
        data-testid="switch-off-reason"
      />
      {needsPassword && <AuthorizationPasswordItem data-testid="switch-off-password" />}
    </>
  );
}

/** Asks once more before the supply is cut, naming the meters and the reason; true when confirmed. */
export function useConfirmSupplyCut() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return (rows: AccountRow[], reason: string) =>
    new Promise<boolean>((resolve) => {
      const meters = rows.map((r) => r.meterId).join(', ');
      modal.confirm({
        title: t('remote.switchOffConfirmTitle', { count: rows.length }),
        content: (
          <span data-testid="switch-off-question">{t('remote.switchOffConfirm', { meters, reason })}</span>
        ),
        okText: t('remote.switchOff'),
        okButtonProps: { danger: true, 'data-testid': 'switch-off-ok' },
        cancelButtonProps: { 'data-testid': 'switch-off-cancel' },
        cancelText: t('common.cancel'),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });
}
