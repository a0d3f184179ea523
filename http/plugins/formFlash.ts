/**
 * A form posted without JavaScript and refused (bad fields) answers 303 back to its page; what the page
 * shows once — the messages by field and the values typed — waits in the session meanwhile. A check
 * whose answer the next page shows (formPosts.ts `keep`) leaves its values the same way, with no messages.
 */
import type { FastifyRequest } from 'fastify';
import type { FormFlash } from '../../ui/router/AppRouterContext.ts';

declare module 'fastify' {
  interface Session {
    formFlash?: FormFlash;
  }
}

/** Keeps a form's messages and values for `path`, the page it was posted from (or leads to). */
export function keepFormFlash(request: FastifyRequest, flash: FormFlash): void {
  request.session.formFlash = flash;
}

/** The flash left for `path`, taken out of the session (shown once); none for another page. */
export function takeFormFlash(request: FastifyRequest, path: string): FormFlash | undefined {
  const flash = request.session.formFlash;
  if (!flash) return undefined;
  request.session.formFlash = undefined;
  return flash.path === path ? flash : undefined;
}
