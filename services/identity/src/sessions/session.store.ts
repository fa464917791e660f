import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { newSessionId } from './session-cookie.js';

/** What a session holds. Before sign-in it carries the OIDC state; after, the user id. */
export interface SessionData {
  userId?: string;
  signedInAt?: string;
  /** Where to send the browser after sign-in. */
  returnTo?: string;
  /** The PKCE code verifier of the sign-in in progress (the provider got its S256 challenge). */
  pkceVerifier?: string;
  /** passport-openidconnect keeps its state and nonce under its own key. */
  [key: string]: unknown;
}

/**
 * The owner of identity's `sessions` table (the shape connect-pg-simple uses: sid, sess, expire): the only class
 * that reads or writes it, in SQL through the data source. Written directly on the pool because no maintained
 * store fits Nest on Fastify without express-session.
 */
@Injectable()
export class SessionStore {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async get(sid: string): Promise<SessionData | null> {
    const rows: { sess: SessionData }[] = await this.dataSource.query(
      'select sess from sessions where sid = $1 and expire > now()',
      [sid],
    );
    return rows[0]?.sess ?? null;
  }

  /** The session with its expiry, for callers that must keep the expiry as it is. */
  async find(sid: string): Promise<{ sess: SessionData; expire: Date } | null> {
    const rows: { sess: SessionData; expire: Date }[] = await this.dataSource.query(
      'select sess, expire from sessions where sid = $1 and expire > now()',
      [sid],
    );
    return rows[0] ?? null;
  }

  async set(sid: string, sess: SessionData, expire: Date): Promise<void> {
    await this.dataSource.query(
      `insert into sessions (sid, sess, expire) values ($1, $2, $3)
       on conflict (sid) do update set sess = excluded.sess, expire = excluded.expire`,
      [sid, JSON.stringify(sess), expire],
    );
  }

  /** A fresh session under a new id, the old one gone: a session id seen before sign-in is useless after it. */
  async regenerate(oldSid: string | null, sess: SessionData, expire: Date): Promise<string> {
    const sid = newSessionId();
    await this.dataSource.transaction(async (manager) => {
      if (oldSid) await manager.query('delete from sessions where sid = $1', [oldSid]);
      await manager.query('insert into sessions (sid, sess, expire) values ($1, $2, $3)', [
        sid,
        JSON.stringify(sess),
        expire,
      ]);
    });
    return sid;
  }

  async destroy(sid: string): Promise<void> {
    await this.dataSource.query('delete from sessions where sid = $1', [sid]);
  }

  /**
   * What a member's archive says of their sessions (UK GDPR Art. 15): when each began and ends. Never the session
   * id, nor anything else the row keeps (a sign-in's state), which would let the file's reader use the session.
   */
  async metadataOf(manager: EntityManager, userId: string): Promise<{ signedInAt: string | null; expiresAt: string }[]> {
    const rows: { signedInAt: string | null; expire: Date }[] = await manager.query(
      `select sess->>'signedInAt' as "signedInAt", expire from sessions
        where sess->>'userId' = $1 and expire > now() order by expire`,
      [userId],
    );
    return rows.map((row) => ({ signedInAt: row.signedInAt, expiresAt: row.expire.toISOString() }));
  }

  /** Ends every session of a member (their account is being deleted), in the caller's transaction. Answers how many. */
  async destroyAllOf(manager: EntityManager, userId: string): Promise<number> {
    const [, count]: [unknown[], number] = await manager.query(`delete from sessions where sess->>'userId' = $1`, [userId]);
    return count;
  }

  /** Deletes expired sessions; returns how many. */
  async purgeExpired(now = new Date()): Promise<number> {
    const result: [unknown[], number] = await this.dataSource.query('delete from sessions where expire <= $1', [now]);
    return result[1];
  }
}
