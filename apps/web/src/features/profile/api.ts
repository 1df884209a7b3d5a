import { AUTH_API, type RequestOf } from '@prepay/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../lib/call';
import { loadInfo } from '../../lib/session';

export type InfoForm = RequestOf<typeof AUTH_API.updateInfo>;
export type PasswordForm = RequestOf<typeof AUTH_API.modifyLoginPassword>;

export type PasswordKind = 'login' | 'authorization';

const PASSWORD_CALLS = {
  login: AUTH_API.modifyLoginPassword,
  authorization: AUTH_API.modifyAuthorizationPassword,
} satisfies Record<PasswordKind, unknown>;

/** Saves the profile, then reloads the info so the navbar and dashboard show the new values. */
export function useUpdateInfo() {
  return useMutation({
    mutationFn: async (body: InfoForm) => {
      await call(AUTH_API.updateInfo, body);
      return loadInfo();
    },
  });
}

export function useModifyPassword(kind: PasswordKind) {
  return useMutation({ mutationFn: (body: PasswordForm) => call(PASSWORD_CALLS[kind], body) });
}
