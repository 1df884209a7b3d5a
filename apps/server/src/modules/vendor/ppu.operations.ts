import { z } from 'zod';
import {
  BasicAdviceResponse,
  ConfirmationAdvice,
  FaultReportRequest,
  FaultReportResponse,
  KeyChangeConfirmation,
  KeyChangeTokenRequest,
  KeyChangeTokenResponse,
  MeterLookupRequest,
  MeterLookupResponse,
  PurchaseRequest,
  PurchaseResponse,
  type RequestType,
  ReversalAdvice,
  TokenReprintRequest,
} from './ppu.models.js';
import type { ChannelCall, PrepaidUtilityService } from './ppu.service.js';
import { VendorSalesQuery, VendorSalesResponse } from './vendor-sales.models.js';

/** The interface's base path: every operation below hangs under it. */
export const PPU_BASE = '/prepaidutility/v3';

/**
 * One operation of the prepaid-utility interface: its operationId, path (OpenAPI spelling, ids chosen by
 * the client), body and answer models, success status, the request type its errors name, and the step.
 * The routes and the interface's own OpenAPI document are both made from this table.
 */
export interface PpuOperation {
  operationId: string;
  /** POST unless said (a read is a GET). */
  method?: 'get' | 'post';
  summary: string;
  path: string;
  body?: z.ZodType;
  query?: z.ZodObject;
  answer?: z.ZodType;
  status: number;
  requestType: RequestType;
  /** Errors it may answer besides 400/401/500 (404 for advices to an unknown request). */
  notFound?: boolean;
  /** `params`: the path's ids and the query's members. */
  run(
    s: PrepaidUtilityService,
    call: ChannelCall,
    params: Record<string, string>,
    body: never,
  ): Promise<unknown>;
}

const op = <B extends z.ZodType>(
  o: Omit<PpuOperation, 'run' | 'body'> & {
    body: B;
    run(
      s: PrepaidUtilityService,
      call: ChannelCall,
      p: Record<string, string>,
      body: z.infer<B>,
    ): Promise<unknown>;
  },
): PpuOperation => o as unknown as PpuOperation;

const p = (params: Record<string, string>, name: string) => params[name] ?? '';

export const PPU_OPERATIONS: PpuOperation[] = [
  op({
    operationId: 'createMeterLookup',
    summary: 'Look a meter up: customer, utility, amount range, arrears',
    path: '/meterLookups/{lookupId}',
    body: MeterLookupRequest,
    answer: MeterLookupResponse,
    status: 201,
    requestType: 'METER_LOOKUP_REQUEST',
    run: (s, c, params, b) => s.lookup(c, p(params, 'lookupId'), b),
  }),
  op({
    operationId: 'trialTokenPurchaseRequest',
    summary: 'Price a purchase in full; no token, no financial impact',
    path: '/tokenPurchases/{trialId}/trial',
    body: PurchaseRequest,
    answer: PurchaseResponse,
    status: 200,
    requestType: 'TOKEN_PURCHASE_TRIAL_REQUEST',
    run: (s, c, params, b) => s.trial(c, p(params, 'trialId'), b),
  }),
  op({
    operationId: 'createTokenPurchaseRequest',
    summary: 'Buy a token; the float pays. A re-used id is refused as DUPLICATE_RECORD',
    path: '/tokenPurchases/{purchaseId}',
    body: PurchaseRequest,
    answer: PurchaseResponse,
    status: 201,
    requestType: 'TOKEN_PURCHASE_REQUEST',
    run: (s, c, params, b) => s.purchase(c, p(params, 'purchaseId'), b),
  }),
  op({
    operationId: 'retryPurchaseRequest',
    summary: 'Retry a purchase by its original id: the first outcome, never a second vend',
    path: '/tokenPurchases/{purchaseId}/retry',
    body: PurchaseRequest,
    answer: PurchaseResponse,
    status: 202,
    requestType: 'TOKEN_PURCHASE_RETRY_REQUEST',
    notFound: true,
    run: (s, c, params, b) => s.retry(c, p(params, 'purchaseId'), b),
  }),
  op({
    operationId: 'confirmTokenPurchase',
    summary: 'Confirmation advice: the purchase is final',
    path: '/tokenPurchases/{purchaseId}/confirmations/{confirmationId}',
    body: ConfirmationAdvice,
    answer: BasicAdviceResponse,
    status: 202,
    requestType: 'CONFIRMATION_ADVICE',
    notFound: true,
    run: (s, c, params, b) => s.confirm(c, p(params, 'purchaseId'), p(params, 'confirmationId'), b),
  }),
  op({
    operationId: 'reverseTokenPurchase',
    summary: 'Reversal advice: cancels the vend and restores the float while the token is not known used',
    path: '/tokenPurchases/{purchaseId}/reversals/{reversalId}',
    body: ReversalAdvice,
    answer: BasicAdviceResponse,
    status: 202,
    requestType: 'REVERSAL_ADVICE',
    notFound: true,
    run: (s, c, params, b) => s.reverse(c, p(params, 'purchaseId'), p(params, 'reversalId'), b),
  }),
  op({
    operationId: 'requestTokenReprint',
    summary: 'Reprint a purchase (originalRef = its purchase id) or the last token bought for the meter',
    path: '/tokenReprints/{reprintId}',
    body: TokenReprintRequest,
    answer: PurchaseResponse,
    status: 200,
    requestType: 'TOKEN_REPRINT_REQUEST',
    run: (s, c, params, b) => s.reprint(c, p(params, 'reprintId'), b),
  }),
  op({
    operationId: 'createKeyChangeTokenRequest',
    summary: "Key change tokens to the meter's new key (set beforehand by the utility)",
    path: '/keyChangeTokenRequests/{requestId}',
    body: KeyChangeTokenRequest,
    answer: KeyChangeTokenResponse,
    status: 201,
    requestType: 'KEY_CHANGE_TOKEN_REQUEST',
    run: (s, c, params, b) => s.keyChange(c, p(params, 'requestId'), b),
  }),
  op({
    operationId: 'confirmKeyChange',
    summary: 'The meter took the key change tokens: its new key becomes current',
    path: '/keyChangeTokenRequests/{requestId}/confirmations/{confirmationId}',
    body: KeyChangeConfirmation,
    answer: BasicAdviceResponse,
    status: 202,
    requestType: 'CONFIRMATION_ADVICE',
    notFound: true,
    run: (s, c, params, b) => s.confirmKeyChange(c, p(params, 'requestId'), p(params, 'confirmationId'), b),
  }),
  op({
    operationId: 'createFaultReport',
    summary: 'Report a fault with a meter',
    path: '/faultReports/{requestId}',
    body: FaultReportRequest,
    answer: FaultReportResponse,
    status: 201,
    requestType: 'FAULT_REPORT_REQUEST',
    run: (s, c, params, b) => s.faultReport(c, p(params, 'requestId'), b),
  }),
  op({
    operationId: 'notifyTokenPurchase',
    summary: 'Purchase notification (informational)',
    path: '/events/tokenPurchases',
    body: PurchaseResponse,
    query: z.object({ purchaseId: z.string().uuid() }),
    status: 202,
    requestType: 'NOTIFY_TOKEN_PURCHASE',
    notFound: true,
    run: (s, c, params) => s.notifyPurchase(c, p(params, 'purchaseId')),
  }),
  {
    operationId: 'listVendorSales',
    summary: "The calling vendor's own sales on a range of days, paged, with the range's totals",
    method: 'get',
    path: '/vendorSales',
    query: VendorSalesQuery,
    answer: VendorSalesResponse,
    status: 200,
    requestType: 'VENDOR_SALES_REQUEST',
    run: (s, c, params) => s.sales(c, VendorSalesQuery.parse(params)),
  },
];
