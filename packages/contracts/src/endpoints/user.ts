/** Signing in and out, the user's own profile, and Setting → User. */
import { z } from 'zod';
import { USER_PATHS } from '../api-paths.js';
import { page, writeBody } from '../common.js';
import { defineEndpoint } from '../endpoint.js';
import { AUTHENTICATED, PUBLIC } from '../permissions.js';
import {
  CaptchaChallenge,
  CaptchaNeeded,
  CaptchaNeededRequest,
  LoginRequest,
  LoginResult,
  ModifyPasswordRequest,
  ResetPasswordRequest,
  ResetPasswordResult,
  SwitchRoleRequest,
  UpdateInfoRequest,
  UserCreateRequest,
  UserCreateResult,
  UserDeleteRequest,
  UserImportRequest,
  UserInfo,
  UserReadRequest,
  UserRow,
  UserRows,
  UserUpdateRequest,
} from '../user.js';

/** The session and the signed-in user's own account; the profile calls answer the user's row, as an array. */
export const AUTH_API = {
  captcha: defineEndpoint({ path: USER_PATHS.captcha, result: CaptchaChallenge, permission: PUBLIC }),
  captchaNeeded: defineEndpoint({
    path: USER_PATHS.captchaNeeded,
    request: CaptchaNeededRequest,
    result: CaptchaNeeded,
    permission: PUBLIC,
  }),
  login: defineEndpoint({
    path: USER_PATHS.login,
    request: LoginRequest,
    result: LoginResult,
    permission: PUBLIC,
  }),
  info: defineEndpoint({ path: USER_PATHS.info, result: UserInfo, permission: AUTHENTICATED }),
  logout: defineEndpoint({ path: USER_PATHS.logout, result: z.null(), permission: AUTHENTICATED }),
  switchRole: defineEndpoint({
    path: USER_PATHS.switchRole,
    request: SwitchRoleRequest,
    result: LoginResult,
    permission: AUTHENTICATED,
  }),
  updateInfo: defineEndpoint({
    path: USER_PATHS.updateInfo,
    request: UpdateInfoRequest,
    result: UserRows,
    permission: AUTHENTICATED,
  }),
  modifyLoginPassword: defineEndpoint({
    path: USER_PATHS.modifyLoginPassword,
    request: ModifyPasswordRequest,
    result: UserRows,
    permission: AUTHENTICATED,
  }),
  modifyAuthorizationPassword: defineEndpoint({
    path: USER_PATHS.modifyAuthorizationPassword,
    request: ModifyPasswordRequest,
    result: UserRows,
    permission: AUTHENTICATED,
  }),
};

const permission = 'Setting.User';
const createdUsers = z.array(UserCreateResult);
/** Setting → User: created and imported users come back with their generated passwords, once. */
export const USER_API = {
  read: defineEndpoint({
    path: USER_PATHS.read,
    request: UserReadRequest,
    result: page(UserRow),
    permission,
  }),
  create: defineEndpoint({
    path: USER_PATHS.create,
    request: writeBody(UserCreateRequest),
    result: createdUsers,
    permission,
  }),
  import: defineEndpoint({
    path: USER_PATHS.import,
    request: writeBody(UserImportRequest),
    result: createdUsers,
    permission,
  }),
  update: defineEndpoint({
    path: USER_PATHS.update,
    request: writeBody(UserUpdateRequest),
    result: z.array(UserRow),
    permission,
  }),
  delete: defineEndpoint({
    path: USER_PATHS.delete,
    request: writeBody(UserDeleteRequest),
    result: z.array(UserRow),
    permission,
  }),
  reset: defineEndpoint({
    path: USER_PATHS.reset,
    request: ResetPasswordRequest,
    result: ResetPasswordResult,
    permission,
  }),
};
