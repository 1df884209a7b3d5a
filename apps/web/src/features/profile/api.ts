import { USER_PATHS } from '@prepay/contracts';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../lib/request';
import { loadInfo } from '../../lib/session';

export interface InfoForm {
  nickName?: string | null;
  fullName?: string | null;
  email?: string | null;
  phone?: string | null;
  address?: string | null;
  introduction?: string | null;
}

export interface PasswordForm {
  oldPassword: string;
  newPassword: string;
}

export type PasswordKind = 'login' | 'authorization';

const PASSWORD_PATHS: Record<PasswordKind, string> = {
  login: USER_PATHS.modifyLoginPassword,
  authorization: USER_PATHS.modifyAuthorizationPassword,
};

/** Saves the profile, then reloads the info so the navbar and dashboard show the new values. */
export function useUpdateInfo() {
  return useMutation({
    mutationFn: async (body: InfoForm) => {
      await request(USER_PATHS.updateInfo, body);
      return loadInfo();
    },
  });
}

export function useModifyPassword(kind: PasswordKind) {
  return useMutation({ mutationFn: (body: PasswordForm) => request(PASSWORD_PATHS[kind], body) });
}
