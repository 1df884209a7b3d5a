import { useEffect } from 'react';

/** G11: the OAuth pop-up helper hands the query to the opener through localStorage and closes. */
export default function AuthRedirectPage() {
  useEffect(() => {
    localStorage.setItem('x-admin-oauth-code', window.location.search.replace(/^\?/, ''));
    window.close();
  }, []);
  return null;
}
