/**
 * The session store port: the callback interface @fastify/session (and express-session) calls, plus
 * the housekeeping the app runs on a timer. Kept free of Fastify's types so engine/ stays below http/;
 * a store of this shape is accepted as `@fastify/session`'s `store` option.
 */

/**
 * What the session plugin hands over: its fields, stored as JSON, and its cookie, whose `expires` the
 * store honours.
 */
export interface StoredSession {
  readonly cookie?: { readonly expires?: Date | string | null } | null | undefined;
}

/** A session as read back: the JSON that was stored. */
export type LoadedSession = StoredSession & Record<string, unknown>;

export type SessionCallback = (error?: unknown) => void;

export interface SessionStore {
  /** The session stored under `sid`, or null when there is none or it has expired. */
  get(sid: string, callback: (error: unknown, session?: LoadedSession | null) => void): void;
  /** Inserts or replaces the session (last writer wins); it expires with its cookie, else after the TTL. */
  set(sid: string, session: StoredSession, callback: SessionCallback): void;
  /** Deletes the session; deleting one that is not there is not an error. */
  destroy(sid: string, callback: SessionCallback): void;
  /**
   * Sessions changed by another statement or instance (their keys: sessionChanges.ts), or `all`: read
   * afresh before they are answered from memory again.
   */
  forget(keys: readonly string[] | 'all'): void;
  /** Deletes every expired session (run periodically); resolves to how many were deleted. */
  pruneExpired(): Promise<number>;
}
