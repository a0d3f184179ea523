/**
 * Sessions: @fastify/cookie + @fastify/session with a store (the Postgres one from engine/sessions in
 * the app; in memory when none is given, for tests). Cookie `sid`: signed, httpOnly, SameSite=Lax,
 * Secure when the site's public URL is https, rolling expiry. `saveUninitialized: false`: a browser
 * gets a cookie only once something is put in its session (a CSRF secret, a visitor id, a principal).
 */
import { randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import type { FastifyInstance, Session } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionStore } from '../../engine/sessions/sessionStore.ts';

export interface SessionPluginOptions {
  /** Where sessions live (default: @fastify/session's memory store, for tests only). */
  readonly store?: SessionStore | undefined;
  /** Signs the cookie (≥ 32 characters). Unset → a random one for this process, with a warning. */
  readonly secret?: string | undefined;
  /** The cookie's Secure flag: on when the public URL is https (then Fastify must see https: TRUST_PROXY). */
  readonly secure?: boolean | undefined;
  /** Idle lifetime of a session (default 14 days); each response extends it. */
  readonly maxAgeMs?: number | undefined;
}

export const SESSION_COOKIE = 'sid';
export const SESSION_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

/** The plugin's view of our store: what was stored comes back as JSON, and the plugin rebuilds its Session from it. */
const asPluginStore = (store: SessionStore): fastifySession.SessionStore => ({
  get: (sid, callback) => store.get(sid, (error, session) => callback(error, session as Session | null)),
  set: (sid, session, callback) => store.set(sid, session, callback),
  destroy: (sid, callback) => store.destroy(sid, callback),
});

export const sessionPlugin = fp(
  async (app: FastifyInstance, options: SessionPluginOptions) => {
    let secret = options.secret;
    if (!secret) {
      secret = randomBytes(32).toString('base64url');
      app.log.warn(
        'SESSION_SECRET is unset: sessions are signed with a random secret and end when this process stops',
      );
    }
    await app.register(fastifyCookie);
    await app.register(fastifySession, {
      secret,
      cookieName: SESSION_COOKIE,
      ...(options.store ? { store: asPluginStore(options.store) } : {}),
      saveUninitialized: false,
      rolling: true,
      cookie: {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: options.secure ?? false,
        maxAge: options.maxAgeMs ?? SESSION_MAX_AGE_MS,
      },
    });
  },
  { name: 'session' },
);
