/**
 * The JSON API described as OpenAPI 3: the document at `/api/docs/json` and an explorer at
 * `/api/docs`, generated from the routes' zod schemas (fastify-type-provider-zod's transform), so the
 * description cannot drift from what the routes validate. Only routes that declare a schema are listed:
 * the server-rendered pages, the static assets and the sitemaps are not API.
 * Registered before the routes (it collects them with an onRoute hook).
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export const DOCS_PREFIX = '/api/docs';

export const openApi = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Car retail platform API',
          description:
            'The storefront calls (SPEC §7), the purchase and booking funnels, and the staff API under /admin/api. ' +
            'State-changing browser calls need the CSRF token (`x-csrf-token` header) of the session.',
          version: '1.0.0',
        },
      },
      transform: (input) => {
        const transformed = jsonSchemaTransform(input);
        // A route without a schema is a page, an asset or a redirect, not part of the API.
        return input.schema && Object.keys(input.schema).length > 0
          ? transformed
          : { ...transformed, schema: { ...transformed.schema, hide: true } };
      },
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: true });
  },
  { name: 'openapi' },
);
