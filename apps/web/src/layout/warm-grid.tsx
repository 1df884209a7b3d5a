import { Table, Tag } from 'antd';
import { useEffect } from 'react';

/** Two rows and the parts every list grid has: a pinned check box, a tag, a pinned column, the pager. */
const ROWS = [
  { id: 'a', text: 'a', state: true },
  { id: 'b', text: 'b', state: false },
];
const COLUMNS = [
  { key: 'text', dataIndex: 'text', title: 'a', width: 120, fixed: 'left' as const },
  {
    key: 'state',
    dataIndex: 'state',
    title: 'b',
    width: 2000,
    render: (v: boolean) => <Tag color={v ? 'green' : undefined}>{v ? 'a' : 'b'}</Tag>,
  },
  { key: 'end', title: 'c', width: 120, fixed: 'right' as const, render: () => 'c' },
];
const PAGER = { total: 100, showSizeChanger: true, showQuickJumper: true, showTotal: () => null };
const SELECTION = { fixed: true };

/** The hidden grid of `WarmGrid` (warm-grid-slot.tsx): says when it has been drawn. */
export default function WarmGridTable({ onDrawn }: { onDrawn: () => void }) {
  useEffect(() => onDrawn(), [onDrawn]);
  return (
    <div className="warm-grid" aria-hidden="true">
      <Table
        bordered
        size="small"
        rowKey="id"
        columns={COLUMNS}
        dataSource={ROWS}
        rowSelection={SELECTION}
        scroll={{ x: 'max-content' }}
        sticky={{ offsetHeader: 0 }}
        pagination={PAGER}
      />
    </div>
  );
}
