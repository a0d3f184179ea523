/**
 * How a request is logged: Fastify's own fields, with the value of a `token` query parameter (the staff
 * invitation link's credential, http/routes/adminStaffApi.ts) replaced, so a log never holds one.
 */
import type { FastifyRequest } from 'fastify';

/** `url` with every `token=` value blanked. */
export function withoutTokens(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[hidden]');
}

/** The logger's `req` serializer (Fastify's default fields). */
export function requestLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: withoutTokens(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
