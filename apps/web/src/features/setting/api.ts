import {
  IMAGE_API,
  type ImageSlot,
  KEYSTORE_API,
  type RequestOf,
  ROLE_API,
  USER_API,
} from '@prepay/contracts';
import { call } from '../../lib/call';

/** Keys the role editor hides. */
export const readHiddenRole = () => call(ROLE_API.readDataRole, {});

/** Every role, for the user form's role select. */
export const readRoles = () => call(ROLE_API.read, { pageNumber: 1, pageSize: 200, orderBy: 'roleId asc' });

/** Resets a user's login password; the answer is the user's row with its one-time password, in an array. */
export const resetPassword = (userId: string) => call(USER_API.reset, { userId });

export const readImages = () => call(IMAGE_API.read, {});

/** Back to the built-in image of a slot. */
export const deleteImage = (slot: ImageSlot) => call(IMAGE_API.delete, [{ slot }]);

/** The vending keys, by check value (never the keys). */
export const readVendingKeys = () => call(KEYSTORE_API.read, {});

/** Loads vending keys typed once (write-only). */
export const loadVendingKeys = (rows: RequestOf<typeof KEYSTORE_API.create>) =>
  call(KEYSTORE_API.create, rows);

/** Has the key vault generate vending keys: nobody types or sees them. */
export const generateVendingKeys = (rows: RequestOf<typeof KEYSTORE_API.generate>) =>
  call(KEYSTORE_API.generate, rows);

export const deleteVendingKey = (sgc: string, krn: number) => call(KEYSTORE_API.delete, [{ sgc, krn }]);

/** Sets a vending key's expiry day, or removes it (null). */
export const setVendingKeyExpiry = (sgc: string, krn: number, expiresOn: string | null) =>
  call(KEYSTORE_API.setExpiry, [{ sgc, krn, expiresOn }]);

/** Imports vending keys wrapped by their supplier under one of the transport keys. */
export const importWrappedVendingKeys = (rows: RequestOf<typeof KEYSTORE_API.importWrapped>) =>
  call(KEYSTORE_API.importWrapped, rows);

/** The transport keys' public halves and fingerprints, for key suppliers. */
export const readTransportKeys = () => call(KEYSTORE_API.transportKeys, {});

/** Has the key vault make a new transport key pair. */
export const generateTransportKey = () => call(KEYSTORE_API.generateTransportKey, {});
