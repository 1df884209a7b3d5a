import type { Endpoint, RequestOf, ResultOf } from '@prepay/contracts';
import { type RequestOptions, request } from './request';

/** A call's arguments: the endpoint's request body (none when it takes none), then the options. */
export type CallArgs<E extends Endpoint> = E['request'] extends undefined
  ? [body?: undefined, options?: RequestOptions]
  : [body: RequestOf<E>, options?: RequestOptions];

/**
 * Calls an endpoint declared in contracts: the body must be what its request schema accepts and the
 * answer is typed as its result schema, so a wrong body or a misread answer does not compile. The
 * transport (envelope, time-out, failure toasts, forced logout) is `request`'s.
 */
export function call<E extends Endpoint>(
  endpoint: E | EndpointRef<E>,
  ...[body, options]: CallArgs<E>
): Promise<ResultOf<E>> {
  return request<ResultOf<E>>(endpoint.path, body, options);
}

/**
 * An endpoint named by its path and typed by its declaration, for modules that must stay free of the
 * schemas at run time (the login page and the shell: the schemas would bring zod into their chunk).
 * The declaration is imported as a type only.
 */
export interface EndpointRef<E extends Endpoint> {
  readonly path: string;
  /** Never set: carries the declaration's type. */
  readonly declared?: E;
}

export const endpointAt = <E extends Endpoint>(path: string): EndpointRef<E> => ({ path });
