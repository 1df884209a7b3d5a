import { EVENT_NOTIFICATION_API, GPRS_ONLINE_API, LOAD_PROFILE_API } from '@prepay/contracts';
import { defineRoute, type RouteDef, routeGroup } from '../../http/route.js';
import type { AmiService } from './ami.service.js';
import type { LoadProfileService } from './load-profile.service.js';

export function loadProfileRoutes(lp: LoadProfileService): RouteDef[] {
  const read = (
    endpoint: (typeof LOAD_PROFILE_API)[keyof typeof LOAD_PROFILE_API],
    summary: string,
    step: LoadProfileService[keyof LoadProfileService],
  ) => defineRoute({ endpoint, tag: 'LoadProfile', summary, handler: (b, ctx) => step(b, ctx.user) });
  return [
    read(LOAD_PROFILE_API.energyCurve, 'Load profile: the hourly energy curve', lp.energyCurve),
    read(LOAD_PROFILE_API.instantaneous, 'Load profile: voltage, current and power', lp.instantaneous),
    read(LOAD_PROFILE_API.daily, 'Load profile: daily frozen energy', lp.daily),
    read(LOAD_PROFILE_API.monthly, 'Load profile: monthly frozen energy', lp.monthly),
  ];
}

const online = routeGroup({ tag: 'GPRSOnlineStatus' });

export function amiRoutes(ami: AmiService): RouteDef[] {
  return [
    defineRoute({
      endpoint: EVENT_NOTIFICATION_API.read,
      tag: 'EventNotification',
      summary: 'Meter events (power failure, tamper, relay, low credit)',
      handler: (b, ctx) => ami.readEvents(b, ctx.user),
    }),
    online(GPRS_ONLINE_API.read, 'GPRS meters online or offline', (b, ctx) => ami.readOnline(b, ctx.user)),
    online(GPRS_ONLINE_API.view, "One meter's online state", (b, ctx) => ami.viewOnline(b, ctx.user)),
    online(GPRS_ONLINE_API.update, 'State meters online or offline', (b, ctx) => ami.updateOnline(ctx, b)),
  ];
}
