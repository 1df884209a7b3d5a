/** Vendors of the sales channels: master data, their machine secret, their float and its statement. */
import { VENDOR_PATHS } from '../api-paths.js';
import { page } from '../common.js';
import { defineEndpoint, tableEndpoints } from '../endpoint.js';
import {
  VendorCredential,
  VendorCredentialRequest,
  VendorDeleteRequest,
  VendorFloatRequest,
  VendorReadRequest,
  VendorRequest,
  VendorRow,
  VendorStatementRequest,
  VendorStatementRow,
} from '../vendor.js';

export const VENDOR_API = {
  ...tableEndpoints(
    VENDOR_PATHS,
    { row: VendorRow, read: VendorReadRequest, line: VendorRequest, key: VendorDeleteRequest },
    'Channel.Vendor',
  ),
  credential: defineEndpoint({
    path: VENDOR_PATHS.credential,
    request: VendorCredentialRequest,
    result: VendorCredential,
    permission: 'Channel.Vendor',
  }),
  float: defineEndpoint({
    path: VENDOR_PATHS.float,
    request: VendorFloatRequest,
    result: VendorRow,
    permission: 'Channel.Vendor',
  }),
  statement: defineEndpoint({
    path: VENDOR_PATHS.statement,
    request: VendorStatementRequest,
    result: page(VendorStatementRow),
    permission: 'Channel.Vendor',
  }),
};
