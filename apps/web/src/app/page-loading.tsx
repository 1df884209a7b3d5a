import { Spin } from 'antd';

/** Shown while a route chunk or the user info loads. */
export function PageLoading() {
  return (
    <div style={{ display: 'flex', minHeight: '40vh', alignItems: 'center', justifyContent: 'center' }}>
      <Spin />
    </div>
  );
}
