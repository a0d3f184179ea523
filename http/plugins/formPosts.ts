/**
 * Forms that work without JavaScript, on the same routes as the JSON calls: a route that declares
 * `config: { form }` also takes an urlencoded body (a `<form method="post">` with the `_csrf` field,
 * checked first by csrf.ts). The form's fields become the call's JSON body (`form.body`), its answer a
 * 303 to where the buyer goes next (`form.next`, else the form's `_next` field, else back), and a
 * refusal (bad fields, a step out of order, a wrong password) a 303 back to the form's page (`_back`)
 * with the messages and values kept for it (formFlash.ts). A check whose answer the next page shows
 * (`form.keep`: an e-mail known or not) keeps it there the same way. The same form sent by the page's
 * script with `Accept: application/json` gets the call's JSON answer and errors instead (the screen goes
 * on in place); a JSON request is served as before.
 */
import formbody from '@fastify/formbody';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDomainError } from '../../domain/errors.ts';
import { matchUrl } from '../../domain/routes/index.ts';
import { wantsJson } from './acceptConstraint.ts';
import { keepFormFlash } from './formFlash.ts';

/** A posted form's fields: one value each, or several (checkboxes of one name). */
export type FormFields = Readonly<Record<string, string | readonly string[]>>;

/** What a route says about being posted as a form. */
export interface FormRoute {
  /** The call's JSON body from the form's fields (default: the fields as they are). */
  readonly body?: (fields: FormFields) => unknown;
  /**
   * Where the buyer goes once the call succeeded, from its JSON answer and the form's own `_next`
   * (default `_next`, else back).
   */
  readonly next?: (answer: unknown, posted: { readonly next: string | undefined }) => string | undefined;
  /** Values of the answer the next page shows once (with the values typed), as a refusal's are. */
  readonly keep?: (answer: unknown) => Readonly<Record<string, string>>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    form?: FormRoute;
  }
  interface FastifyRequest {
    /** The form this request posted (a form post to a route with `config.form`). */
    postedForm?: {
      /** Sent by the page's script: answer JSON, never 303. */
      readonly json: boolean;
      readonly back: string;
      readonly next: string | undefined;
      readonly values: Record<string, string>;
    };
  }
}

const FORM_TYPE = 'application/x-www-form-urlencoded';

/** A page of ours to send the buyer to (a path of the route table), else undefined. */
export function ownPage(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return undefined;
  const path = value.split(/[?#]/)[0] ?? '';
  return matchUrl(path) ? value : undefined;
}

const first = (value: string | readonly string[] | undefined): string | undefined =>
  typeof value === 'string' ? value : value?.[0];

/** One value per field (the last of several), for the page to show again. */
function valuesOf(fields: FormFields): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (name.startsWith('_') || /password/i.test(name)) continue;
    values[name] = typeof value === 'string' ? value : (value.at(-1) ?? '');
  }
  return values;
}

/** The messages of a refused request, by field (the form's names: no `body.` prefix). */
function fieldsOf(error: FastifyError): Record<string, string[]> | undefined {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string[]> = {};
    for (const issue of error.validation) {
      const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_form';
      fields[key] = [...(fields[key] ?? []), issue.message ?? 'is not valid'];
    }
    return fields;
  }
  // A refusal by field: bad values, or a conflict on one (an email already registered).
  const fields = isDomainError(error) ? error.details?.fields : undefined;
  if (fields && typeof fields === 'object') return { ...(fields as Record<string, string[]>) };
  // Too many attempts: the page says so above the form.
  if (error.statusCode === 429) return { _form: ['rate_limited'] };
  return undefined;
}

export const formPosts = fp(
  async (app: FastifyInstance) => {
    if (!app.hasContentTypeParser(FORM_TYPE)) await app.register(formbody);

    const formOf = (request: FastifyRequest) =>
      request.routeOptions.config.form !== undefined &&
      (request.headers['content-type'] ?? '').startsWith(FORM_TYPE)
        ? request.routeOptions.config.form
        : undefined;

    // After csrf.ts has read `_csrf` (its hooks are registered first): the fields become the JSON body.
    app.addHook('preValidation', async (request) => {
      const form = formOf(request);
      if (!form) return;
      const fields = (request.body ?? {}) as FormFields;
      const back = ownPage(first(fields._back)) ?? ownPage(request.headers.referer) ?? '/';
      request.postedForm = {
        json: wantsJson(request.headers.accept),
        back,
        next: ownPage(first(fields._next)),
        values: valuesOf(fields),
      };
      const rest = Object.fromEntries(Object.entries(fields).filter(([name]) => !name.startsWith('_')));
      request.body = form.body ? form.body(rest) : rest;
    });

    const target = (form: FormRoute, answer: unknown, posted: NonNullable<FastifyRequest['postedForm']>) =>
      form.next?.(answer, posted) ?? posted.next ?? posted.back;

    // Before the session is saved (its onSend hook comes first): what the next page shows once.
    app.addHook('preSerialization', async (request, reply, payload) => {
      const posted = request.postedForm;
      const keep = request.routeOptions.config.form?.keep;
      if (!posted || !keep || reply.statusCode >= 300) return payload;
      const to = target(request.routeOptions.config.form as FormRoute, payload, posted);
      const path = to.split('?')[0] ?? to;
      keepFormFlash(request, { path, fields: {}, values: { ...posted.values, ...keep(payload) } });
      return payload;
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const posted = request.postedForm;
      const form = request.routeOptions.config.form;
      if (!posted || posted.json || !form || reply.statusCode >= 300) return payload;
      let answer: unknown;
      try {
        answer = typeof payload === 'string' ? JSON.parse(payload) : undefined;
      } catch {
        answer = undefined;
      }
      reply
        .code(303)
        .header('location', target(form, answer, posted))
        .header('content-type', 'text/plain; charset=utf-8');
      return '';
    });
  },
  { name: 'form-posts' },
);

/**
 * The refusal of a form post: 303 back with its messages (bad fields) or as it is (a command the state
 * no longer takes, a wrong password: the page shows where the buyer stands); undefined for anything else
 * (the error handler answers it).
 */
export function refuseFormPost(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const posted = request.postedForm;
  if (!posted || posted.json) return undefined;
  const path = posted.back.split('?')[0] ?? posted.back;
  const fields = fieldsOf(error) ?? (error.statusCode === 401 ? { password: ['refused'] } : undefined);
  if (fields) {
    keepFormFlash(request, { path, fields, values: posted.values });
    return reply.redirect(posted.back, 303);
  }
  // A command the state no longer takes (another tab, a double submit, a hold that ran out): to the page
  // where the funnel stands, if the refusal names it, else back to the form's.
  if (isDomainError(error, 'illegal_state') || isDomainError(error, 'conflict'))
    return reply.redirect(ownPage(error.details?.page) ?? posted.back, 303);
  return undefined;
}
