/**
 * Shown while a route chunk or the user info loads. A CSS ring rather than antd's Spin: this sits in the
 * entry chunk, which the sign-in page loads, and Spin with its styles cost it about 3 KB (gzip).
 */
export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-busy="true" data-testid="page-loading">
      <span className="page-loading-ring" />
    </div>
  );
}
