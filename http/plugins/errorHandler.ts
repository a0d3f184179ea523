/**
 * The one place errors become HTTP answers. Typed domain errors map by code (validation → 400 with
 * field messages, not_found → 404, conflict and illegal_state → 409 with what is allowed now,
 * forbidden → 403); schema validation failures → 400 with field messages; Fastify's own 4xx pass
 * through; a backing service that is down (search engine, event store) → 503 with Retry-After;
 * anything else is a bug → 500 with a request id and no internals (the details go to the log).
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type DomainErrorCode, isDomainError } from '../../domain/errors.ts';
import { EventStoreUnavailableError } from '../../engine/eventStoreErrors.ts';
import { SearchUnavailableError } from '../../engine/search/catalogueSearch.ts';
import { refuseFormPost } from './formPosts.ts';

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

export const errorHandler = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      // A form posted without JavaScript goes back to its page (formPosts.ts).
      const refusedForm = refuseFormPost(error, request, reply);
      if (refusedForm) return refusedForm;
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
      reply
        .status(404)
        .send({ error: 'not_found', message: `no route for ${request.method} ${request.url}` });
    });
  },
  { name: 'error-handler' },
);
