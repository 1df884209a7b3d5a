import { type AccountRow, type Dlt645TreeNode, normaliseToken, type TaskKind } from '@prepay/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Radio, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentLanguage } from '../../lib/i18n';
import { request } from '../../lib/request';
import { KINDS, pathsOf } from './task-kinds';

interface Values {
  flag?: string;
  data?: string;
  sendFrame?: string;
}

/** Keeps groups whose label or items match the keyword (the original's "Enter keywords to filter"). */
function filterTree(nodes: Dlt645TreeNode[], keyword: string): Dlt645TreeNode[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return nodes;
  return nodes
    .map((g) =>
      g.label.toLowerCase().includes(k)
        ? g
        : { ...g, children: g.children.filter((c) => `${c.label} ${c.id}`.toLowerCase().includes(k)) },
    )
    .filter((g) => g.children.length > 0);
}

const treeData = (nodes: Dlt645TreeNode[], checkable: boolean) =>
  nodes.map((g) => ({
    key: g.id,
    title: g.label,
    selectable: false,
    checkable,
    children: g.children.map((c) => ({ key: c.id, title: c.label, isLeaf: true })),
  }));

/** "Add Task(<page>)": read-only meters, then what the task family needs; one task per meter (× item). */
export function AddTaskDialog({
  kind,
  rows,
  onClose,
}: {
  kind: TaskKind;
  rows: AccountRow[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [keyword, setKeyword] = useState('');
  const [checked, setChecked] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const version = rows[0]?.protocolVersion ?? '';
  const usesTree = kind === 'reading' || kind === 'setting';
  const tree = useQuery({
    queryKey: ['dlt645-tree', version, kind, currentLanguage()],
    enabled: usesTree,
    queryFn: () =>
      request<Dlt645TreeNode[]>('/api/dlt645/readDLT645Tree', {
        lang: currentLanguage(),
        version,
        type: KINDS[kind].catalogueType,
      }),
  });
  const shown = useMemo(() => filterTree(tree.data ?? [], keyword), [tree.data, keyword]);
  const groupIds = new Set((tree.data ?? []).map((g) => g.id));

  const bodies = (v: Values): object[] => {
    const meters = rows.map((r) => ({
      customerId: r.customerId,
      meterId: r.meterId,
      version: r.protocolVersion,
    }));
    switch (kind) {
      case 'reading':
        return meters.flatMap((m) => checked.map((flag) => ({ ...m, flag })));
      case 'setting':
        return meters.map((m) => ({ ...m, flag: checked[0], data: v.data?.trim() || null }));
      case 'control':
        return meters.map((m) => ({ ...m, flag: v.flag }));
      case 'token':
        return meters.map((m) => ({ ...m, flag: 'A120', data: v.data }));
      case 'transparent':
        return rows.map((r) => ({ meterId: r.meterId, sendFrame: v.sendFrame }));
    }
  };

  const submit = async () => {
    const v = await form.validateFields();
    if (usesTree && checked.length === 0) {
      void message.warning(t('remote.pickItem'));
      return;
    }
    setBusy(true);
    try {
      const created = await request<unknown[]>(pathsOf(kind).create, bodies(v));
      void message.success({
        content: (
          <span data-testid="task-created">
            {t('remote.created', { count: created.length })}{' '}
            <Button
              type="link"
              size="small"
              data-testid="view-task"
              onClick={() => navigate(KINDS[kind].taskPage)}
            >
              {t('remote.viewTask')}
            </Button>
          </span>
        ),
        duration: 6,
      });
      onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('remote.taskTitle', { page: t(KINDS[kind].title) })}
      onCancel={onClose}
      data-testid="add-task-dialog"
      footer={[
        <Button key="c" onClick={onClose}>
          {t('remote.cancel')}
        </Button>,
        <Button
          key="ok"
          type="primary"
          loading={busy}
          data-testid="add-task-confirm"
          onClick={() => void submit()}
        >
          {t('remote.confirm')}
        </Button>,
      ]}
    >
      <Form form={form} layout="vertical" initialValues={{ flag: 'C03D' }}>
        <Form.Item label={t('remote.customerId')}>
          <Input readOnly value={rows.map((r) => r.customerId).join(',')} />
        </Form.Item>
        <Form.Item label={t('remote.customerName')}>
          <Input readOnly value={rows.map((r) => r.customerName ?? '').join(',')} />
        </Form.Item>
        <Form.Item label={t('remote.meterId')}>
          <Input readOnly data-testid="task-meter-ids" value={rows.map((r) => r.meterId).join(',')} />
        </Form.Item>
        {usesTree && (
          <Form.Item label={t('remote.dataItem')} required>
            <Input
              allowClear
              data-testid="tree-filter"
              placeholder={t('remote.filterItems')}
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
              style={{ marginBottom: 8 }}
            />
            <Tree
              data-testid="data-item-tree"
              checkable={kind === 'reading'}
              selectable={kind === 'setting'}
              defaultExpandAll
              key={`${keyword}-${shown.length}`}
              treeData={treeData(shown, kind === 'reading')}
              checkedKeys={checked}
              selectedKeys={checked}
              onCheck={(keys) => {
                const list = Array.isArray(keys) ? keys : keys.checked;
                setChecked(list.map(String).filter((k) => !groupIds.has(k)));
              }}
              onSelect={(keys) => setChecked(keys.map(String))}
            />
          </Form.Item>
        )}
        {kind === 'setting' && (
          <Form.Item name="data" label={t('remote.value')}>
            <Input data-testid="setting-value" maxLength={64} />
          </Form.Item>
        )}
        {kind === 'control' && (
          <Form.Item name="flag" label={t('remote.dataItem')}>
            <Radio.Group data-testid="control-radio">
              <Radio value="C03D">{t('remote.switchOn')}</Radio>
              <Radio value="C03C">{t('remote.switchOff')}</Radio>
            </Radio.Group>
          </Form.Item>
        )}
        {kind === 'token' && (
          <Form.Item
            name="data"
            label={t('remote.token')}
            rules={[
              {
                validator: (_r, v: string | undefined) =>
                  normaliseToken(v ?? '')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('remote.tokenInvalid'))),
              },
            ]}
          >
            <Input data-testid="token-input" maxLength={40} inputMode="numeric" />
          </Form.Item>
        )}
        {kind === 'transparent' && (
          <Form.Item
            name="sendFrame"
            label={t('remote.sendFrame')}
            rules={[
              {
                pattern: /^\s*(FE\s*)*68(\s*[0-9A-Fa-f]{2})+\s*16\s*$/i,
                message: t('remote.frameInvalid'),
              },
              { required: true, message: t('remote.frameInvalid') },
            ]}
          >
            <Input.TextArea data-testid="send-frame" rows={3} style={{ fontFamily: 'monospace' }} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
