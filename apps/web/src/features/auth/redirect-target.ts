/**
 * Where to go after login (G9): the `redirect` parameter (only same-origin paths, so a crafted link
 * cannot send the user elsewhere), with the login page's other query keys carried over.
 */
export function redirectTarget(search: string): string {
  const params = new URLSearchParams(search);
  const raw = params.get('redirect') ?? '/';
  params.delete('redirect');
  const safe = raw.startsWith('/') && !raw.startsWith('//') && !raw.startsWith('/login') ? raw : '/';
  const url = new URL(safe, 'http://console.local');
  for (const [k, v] of params) if (!url.searchParams.has(k)) url.searchParams.append(k, v);
  return url.pathname + url.search + url.hash;
}
