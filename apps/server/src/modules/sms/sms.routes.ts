import { SMS_API, SMS_PATHS } from '@prepay/contracts';
import type { Deps } from '../../deps.js';
import { type RouteDef, routeGroup } from '../../http/route.js';
import { exportRoute } from '../meter-data/index.js';
import { readSms } from './sms.repo.js';

const tag = 'SMS';

/** The SMS log and its download. */
export function smsRoutes(deps: Deps): RouteDef[] {
  const route = routeGroup({ tag });
  const read = (req: Parameters<typeof readSms>[1], user: Parameters<typeof readSms>[2]) =>
    readSms(deps.database.db, req, user);
  return [
    route(
      SMS_API.read,
      'The SMS log: tokens and alerts sent over SMPP, with their delivery state',
      (req, ctx) => read(req, ctx.user),
    ),
    exportRoute(deps, {
      path: SMS_PATHS.export,
      permission: SMS_API.read.permission,
      title: 'SMS Log',
      body: SMS_API.read.request,
      columns: [
        'id',
        'kind',
        'destination',
        'state',
        'attempts',
        'lastError',
        'smscMessageId',
        'receiptState',
        'meterId',
        'receiptId',
        'sentDate',
        'doneDate',
        'createDate',
      ],
      read: (req, ctx) => read(req, ctx.user),
    }),
  ];
}
