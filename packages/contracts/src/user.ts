import { z } from 'zod';
import { AuditFields, DateTime, Id, nullableTexts, ReadRequestBase, Remark, textFilters } from './common.js';

const Password = z.string().min(1, 'Password is required').max(128);
/** New passwords: long enough to resist guessing, short enough to hash cheaply. */
const NewPassword = z.string().min(8, 'at least 8 characters').max(128);

export const LoginRequest = z.object({
  userId: z.string().trim().min(1, 'Username is required').max(64),
  password: z.string().trim().min(1, 'Password is required').max(128),
  /**
   * Additive to the original's {userId, password}: the verification code the server issued. Required
   * only after failed logins for the name or the address (or always, per LOGIN_CAPTCHA_AFTER_FAILURES=0);
   * a code that is sent is always checked.
   */
  captchaId: z.string().max(64).optional(),
  captchaCode: z.string().trim().max(16).optional(),
});
/** A login verification code drawn by the server: an SVG image; only its HMAC is stored. */
export const CaptchaChallenge = z.object({
  captchaId: z.string(),
  /** data:image/svg+xml;base64,… */
  image: z.string(),
  expiresInSeconds: z.number().int(),
  /** The code itself — present only when the server runs with CAPTCHA_REVEAL_FOR_TESTS (browser tests). */
  answer: z.string().optional(),
});
export type CaptchaChallenge = z.infer<typeof CaptchaChallenge>;
/**
 * Additive: asks whether a login from this address (and, when given, for this name) must carry the
 * verification code now, so the login page shows the picture only when the server will demand it.
 */
export const CaptchaNeededRequest = z.object({ userId: z.string().trim().max(64).optional() });
export const CaptchaNeeded = z.object({ needed: z.boolean() });
export const LoginResult = z.object({ token: z.string(), mustChangePassword: z.boolean() });

/** What a user's row and the signed-in user's own info both show of the person. */
const UserProfile = {
  ...nullableTexts('nickName', 'fullName', 'email', 'phone', 'address'),
  /** true = enabled. */
  status: z.boolean(),
};

/** The user's vending quota as the user's row and own info show it: kWh; -1 means no limit. */
const QuotaColumns = {
  quota: z.number(),
  remainingQuota: z.number(),
  totalQuota: z.number(),
};

export const UserInfo = z.object({
  userId: z.string(),
  userName: z.string(),
  ...UserProfile,
  roleId: z.string(),
  roleName: z.string(),
  roleContent: z.string(),
  /** Every role the user holds, for the role switcher. */
  roles: z.array(z.object({ roleId: z.string(), name: z.string() })),
  stationId: z.string(),
  stationName: z.string(),
  company: z.string(),
  avatar: z.string(),
  introduction: z.string(),
  ...QuotaColumns,
  mustChangePassword: z.boolean(),
  /** True for users of a system station: they see every station's rows. */
  isSystemAdmin: z.boolean(),
  /** Additive: a task that cuts supply needs the authorization password here (SWITCH_OFF_REQUIRES_AUTHORIZATION). */
  switchOffNeedsAuthorization: z.boolean().optional(),
});
export type UserInfo = z.infer<typeof UserInfo>;

export const SwitchRoleRequest = z.object({ roleId: Id });
export const ModifyPasswordRequest = z.object({ oldPassword: Password, newPassword: NewPassword });
export const ResetPasswordRequest = z.object({ userId: Id });

/** What a user's profile write may set of the person (the user's own updateInfo, an admin's create/update). */
const ProfileInput = {
  nickName: z.string().max(64).nullish(),
  fullName: z.string().max(128).nullish(),
  email: z.email('Please enter a valid email').max(128).nullish().or(z.literal('')),
  phone: z.string().max(32).nullish(),
  address: z.string().max(256).nullish(),
};

export const UpdateInfoRequest = z.object({
  ...ProfileInput,
  introduction: z.string().max(500).nullish(),
  avatar: z.string().max(500).nullish(),
});

/** Stored status: 0 enable, 1 disable (original's labels). On the wire it is a boolean: true = enabled. */
export const UserStatus = { enable: 0, disable: 1 } as const;

/** The original sends `status: true|false`; 0/1 (our earlier wire form) is still read. Out: 0 enable, 1 disable. */
const StatusInput = z
  .union([z.boolean(), z.literal(0), z.literal(1)])
  .transform((v) => (v === true || v === 0 ? UserStatus.enable : UserStatus.disable));

const UserWritable = {
  ...ProfileInput,
  status: StatusInput.default(UserStatus.enable),
  /** The first role is the default at login; the user may switch to any of them. */
  roleId: Id,
  roleIds: z.array(Id).max(20).nullish(),
  stationId: Id,
  /** kWh the user may vend; -1 for no limit. */
  quota: z.number().min(-1).max(1e9).nullish(),
  /** The original's name for the quota it writes; used when `quota` is absent. */
  remainingQuota: z.number().min(-1).max(1e9).nullish(),
  remark: Remark,
};

export const UserCreateRequest = z.object({
  userId: Id.regex(/^[A-Za-z0-9_.@ -]+$/, 'letters, digits and _ . @ - only'),
  ...UserWritable,
  password: NewPassword.nullish(),
  authorizationPassword: NewPassword.nullish(),
});
export const UserUpdateRequest = z.object({ userId: Id, ...UserWritable });
export const UserDeleteRequest = z.object({ userId: Id });
export const UserImportRequest = UserCreateRequest;

export const UserRow = z.object({
  userId: z.string(),
  ...UserProfile,
  roleId: z.string(),
  roleName: z.string().nullable(),
  /** The default role's permission keys, comma-separated (as the original). */
  roleContent: z.string().nullable(),
  roleIds: z.array(z.string()),
  stationId: z.string(),
  stationName: z.string().nullable(),
  /** The user's company as the console shows it ("<company>(<login>)"): the station's name. */
  company: z.string().nullable(),
  ...QuotaColumns,
  lockedUntil: DateTime.nullable(),
  ...AuditFields,
});
export type UserRow = z.infer<typeof UserRow>;

/**
 * What the original answers for reset, updateInfo and the password changes: the affected user rows. A
 * reset's row carries the generated password, shown once.
 */
export const UserRows = z.array(UserRow);
export const ResetPasswordResult = z.array(UserRow.extend({ oneTimePassword: z.string() }));

/** A created user's secrets are shown once, in the create answer, and never again. */
export const UserCreateResult = UserRow.extend({
  oneTimePassword: z.string().nullable(),
  oneTimeAuthorizationPassword: z.string().nullable(),
});

export const UserReadRequest = ReadRequestBase.extend({
  ...textFilters('userId', 'nickName', 'fullName', 'roleId'),
  status: StatusInput.nullish(),
});
