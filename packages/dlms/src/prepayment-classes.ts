import { CLASS_ID, interfaceClass, methodSpec, structureCodec } from './classes.js';
import {
  arrayCodec,
  bitsCodec,
  dateTimeCodec,
  doubleLongCodec,
  doubleLongUnsignedCodec,
  enumCodec,
  integerCodec,
  longUnsignedCodec,
  obisCodec,
  octetsCodec,
  rawCodec,
  unsignedCodec,
  type ValueCodec,
} from './codecs.js';

/**
 * The prepayment classes of IEC 62056-6-2 ed. 3: Account (111), Credit (112), Charge (113) and Token
 * gateway (115), through which an STS token reaches a DLMS meter (method `enter`).
 */
const integer = integerCodec;
const unsigned = unsignedCodec;
const longUnsigned = longUnsignedCodec;
const doubleLong = doubleLongCodec;
const doubleLongUnsigned = doubleLongUnsignedCodec;

export interface AccountModeAndStatus {
  /** 1 credit mode, 2 prepayment mode. */
  mode: number;
  /** 1 new (inactive), 2 active, 3 closed. */
  status: number;
}
export interface Currency {
  name: string;
  scale: number;
  /** 0 time, 1 consumption, 2 monetary. */
  unit: number;
}
const visibleString: ValueCodec<string> = {
  decode: (d) => (d.type === 'visible-string' || d.type === 'utf8-string' ? d.value : ''),
  encode: (value) => ({ type: 'visible-string', value }),
};

export const Account = interfaceClass(CLASS_ID.account, (attr, method) => ({
  modeAndStatus: attr(
    2,
    'account_mode_and_status',
    structureCodec<AccountModeAndStatus>({ mode: enumCodec, status: enumCodec }),
  ),
  currentCreditInUse: attr(3, 'current_credit_in_use', unsigned),
  currentCreditStatus: attr(4, 'current_credit_status', bitsCodec),
  availableCredit: attr(5, 'available_credit', doubleLong),
  amountToClear: attr(6, 'amount_to_clear', doubleLong),
  clearanceThreshold: attr(7, 'clearance_threshold', doubleLong),
  aggregatedDebt: attr(8, 'aggregated_debt', doubleLong),
  creditReferenceList: attr(9, 'credit_reference_list', arrayCodec(obisCodec)),
  chargeReferenceList: attr(10, 'charge_reference_list', arrayCodec(obisCodec)),
  creditChargeConfiguration: attr(11, 'credit_charge_configuration', rawCodec),
  tokenGatewayConfiguration: attr(12, 'token_gateway_configuration', rawCodec),
  activationTime: attr(13, 'account_activation_time', dateTimeCodec),
  closureTime: attr(14, 'account_closure_time', dateTimeCodec),
  currency: attr(
    15,
    'currency',
    structureCodec<Currency>({ name: visibleString, scale: integer, unit: enumCodec }),
  ),
  lowCreditThreshold: attr(16, 'low_credit_threshold', doubleLong),
  nextCreditAvailableThreshold: attr(17, 'next_credit_available_threshold', doubleLong),
  maxProvision: attr(18, 'max_provision', longUnsigned),
  maxProvisionPeriod: attr(19, 'max_provision_period', doubleLongUnsigned),
  activate: method(1, 'activate_account', integer),
  close: method(2, 'close_account', integer),
  reset: method(3, 'reset_account', integer),
}));

export const Credit = interfaceClass(CLASS_ID.credit, (attr, method) => ({
  currentCreditAmount: attr(2, 'current_credit_amount', doubleLong),
  /** 0 token, 1 reserved, 2 emergency, 3 time-based, 4 consumption-based. */
  creditType: attr(3, 'credit_type', enumCodec),
  priority: attr(4, 'priority', unsigned),
  warningThreshold: attr(5, 'warning_threshold', doubleLong),
  limit: attr(6, 'limit', doubleLong),
  creditConfiguration: attr(7, 'credit_configuration', bitsCodec),
  /** 0 enabled, 1 selectable, 2 selected/invoked, 3 in use, 4 exhausted. */
  creditStatus: attr(8, 'credit_status', enumCodec),
  presetCreditAmount: attr(9, 'preset_credit_amount', doubleLong),
  creditAvailableThreshold: attr(10, 'credit_available_threshold', doubleLong),
  period: attr(11, 'period', dateTimeCodec),
  updateAmount: method(1, 'update_amount', doubleLong),
  setAmountToValue: method(2, 'set_amount_to_value', doubleLong),
  invokeCredit: method(3, 'invoke_credit', enumCodec),
}));

export const Charge = interfaceClass(CLASS_ID.charge, (attr, method) => ({
  totalAmountPaid: attr(2, 'total_amount_paid', doubleLong),
  /** 0 consumption-based collection, 1 time-based collection, 2 payment-event-based collection. */
  chargeType: attr(3, 'charge_type', enumCodec),
  priority: attr(4, 'priority', unsigned),
  unitChargeActive: attr(5, 'unit_charge_active', rawCodec),
  unitChargePassive: attr(6, 'unit_charge_passive', rawCodec),
  unitChargeActivationTime: attr(7, 'unit_charge_activation_time', dateTimeCodec),
  period: attr(8, 'period', doubleLongUnsigned),
  chargeConfiguration: attr(9, 'charge_configuration', bitsCodec),
  lastCollectionTime: attr(10, 'last_collection_time', dateTimeCodec),
  lastCollectionAmount: attr(11, 'last_collection_amount', doubleLong),
  totalAmountRemaining: attr(12, 'total_amount_remaining', doubleLong),
  proportion: attr(13, 'proportion', longUnsigned),
  updateUnitCharge: method(1, 'update_unit_charge', rawCodec),
  activatePassiveUnitCharge: method(2, 'activate_passive_unit_charge', integer),
  collect: method(3, 'collect', integer),
  updateTotalAmountRemaining: method(4, 'update_total_amount_remaining', doubleLong),
  setTotalAmountRemaining: method(5, 'set_total_amount_remaining', doubleLong),
}));

/** token_status code of class 115. */
export const TOKEN_STATUS = {
  formatOk: 0,
  authenticationOk: 1,
  validationOk: 2,
  executionOk: 3,
  formatFailure: 4,
  authenticationFailure: 5,
  validationFailure: 6,
  executionFailure: 7,
  received: 8,
} as const;

export interface TokenStatus {
  code: number;
  /** Vendor-specific detail bits. */
  data: string;
}

export const TokenGateway = interfaceClass(CLASS_ID.tokenGateway, (attr, method) => ({
  token: attr(2, 'token', octetsCodec),
  tokenTime: attr(3, 'token_time', dateTimeCodec),
  tokenDescription: attr(4, 'token_description', arrayCodec(octetsCodec)),
  /** 0 remote, 1 local, 2 manual. */
  deliveryMethod: attr(5, 'token_delivery_method', enumCodec),
  status: attr(6, 'token_status', structureCodec<TokenStatus>({ code: enumCodec, data: bitsCodec })),
  enter: method(1, 'enter', octetsCodec),
}));

/** Association LN (class 15): method 1 carries the HLS pass 3/4 answers. */
export const AssociationLn = {
  classId: CLASS_ID.associationLn,
  replyToHlsAuthentication: methodSpec(CLASS_ID.associationLn, 1, 'reply_to_HLS_authentication', octetsCodec),
};

/** Well-known logical names of a prepayment meter. */
export const OBIS = {
  activeEnergyImport: '1.0.1.8.0.255',
  activeEnergyExport: '1.0.2.8.0.255',
  clock: '0.0.1.0.0.255',
  loadProfile: '1.0.99.1.0.255',
  standardEventLog: '0.0.99.98.0.255',
  disconnectControl: '0.0.96.3.10.255',
  currentAssociation: '0.0.40.0.0.255',
  imageTransfer: '0.0.44.0.0.255',
  pushSetup: '0.0.25.9.0.255',
  account: '0.0.19.0.0.255',
  tokenCredit: '0.0.19.10.0.255',
  charge: '0.0.19.20.0.255',
  tokenGateway: '0.0.19.40.0.255',
} as const;
