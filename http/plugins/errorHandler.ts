/**
 * The one place errors become HTTP answers. Typed domain errors map by code (validation → 400 with
 * field messages, not_found → 404, conflict and illegal_state → 409 with what is allowed now,
 * forbidden → 403); schema validation failures → 400 with field messages; Fastify's own 4xx pass
 * through; a backing service that is down (search engine, event store) → 503 with Retry-After;
 * anything else is a bug → 500 with a request id and no internals (the details go to the log).
 * A browser's navigation gets the site's page for the status instead of JSON (statusPages.ts).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type DomainErrorCode, isDomainError } from '../../domain/errors.ts';
import { EventStoreUnavailableError } from '../../engine/eventStoreErrors.ts';
import { SearchUnavailableError } from '../../engine/search/catalogueSearch.ts';
import { refuseFormPost } from './formPosts.ts';
import { isNavigation, recasedLocalePath, type StatusPages, statusPageLocale } from './statusPages.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The storefront's page for an error status (statusPages.ts); set by the SSR plugin. */
    statusPages: StatusPages;
  }
}

const STATUS: Record<DomainErrorCode, number> = {
  validation: 400,
  not_found: 404,
  conflict: 409,
  illegal_state: 409,
  forbidden: 403,
};

export interface ErrorBody {
  error: DomainErrorCode | 'internal' | 'bad_request' | string;
  message: string;
  fields?: Record<string, string[]>;
  requestId?: string;
  [detail: string]: unknown;
}

/** The status an error answers with (as the handler below maps it). */
function statusOf(error: FastifyError): number {
  if (hasZodFastifySchemaValidationErrors(error)) return 400;
  if (isDomainError(error)) return STATUS[error.code];
  if (error instanceof SearchUnavailableError || error instanceof EventStoreUnavailableError) return 503;
  const status = error.statusCode ?? 500;
  return status >= 400 && status < 600 ? status : 500;
}

export const errorHandler = fp(
  async (app: FastifyInstance) => {
    const statusPages: StatusPages = {};
    app.decorate('statusPages', statusPages);
    /** A navigation's error as the site's page in the visitor's language, when the storefront renders one. */
    const asPage = (request: FastifyRequest, reply: FastifyReply, status: number) => {
      const render = statusPages.render;
      if (!render || !isNavigation(request) || reply.sent) return undefined;
      return render(
        request,
        reply,
        status,
        statusPageLocale(request.url, request.headers['accept-language']),
      );
    };

    app.setErrorHandler((error: FastifyError, request, reply) => {
      // A form posted without JavaScript goes back to its page (formPosts.ts).
      const refusedForm = refuseFormPost(error, request, reply);
      if (refusedForm) return refusedForm;
      const page = asPage(request, reply, statusOf(error));
      if (page) {
        if (statusOf(error) >= 500) request.log.error({ err: error }, 'unhandled error');
        return page;
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields: Record<string, string[]> = {};
        for (const issue of error.validation) {
          const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
          const key = [error.validationContext, path].filter(Boolean).join('.');
          fields[key] = [...(fields[key] ?? []), issue.message ?? 'is not valid'];
        }
        return reply.status(400).send({ error: 'validation', message: 'the request is not valid', fields });
      }
      if (isDomainError(error)) {
        const { fields, ...details } = (error.details ?? {}) as {
          fields?: Record<string, readonly string[]>;
        };
        return reply
          .status(STATUS[error.code])
          .send({ ...details, error: error.code, message: error.message, ...(fields ? { fields } : {}) });
      }
      if (error instanceof SearchUnavailableError || error instanceof EventStoreUnavailableError) {
        request.log.error({ err: error }, 'a backing service is unavailable');
        return reply.status(503).header('retry-after', '5').send({
          error: 'unavailable',
          message: 'the service is briefly unavailable: try again',
          requestId: request.id,
        });
      }
      const status: number = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply.status(status).send({ error: error.code ?? 'bad_request', message: error.message });
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply
        .status(500)
        .send({ error: 'internal', message: 'something went wrong on our side', requestId: request.id });
    });

    app.setNotFoundHandler((request, reply) => {
      const recased = isNavigation(request) ? recasedLocalePath(request.url) : undefined;
      if (recased) return reply.redirect(recased, 301);
      const page = asPage(request, reply, 404);
      if (page) return page;
      return reply
        .status(404)
        .send({ error: 'not_found', message: `no route for ${request.method} ${request.url}` });
    });
  },
  { name: 'error-handler' },
);
