import { Controller, Get, Inject, Logger, Query, Req, Res } from '@nestjs/common';
import { SESSION_COOKIE } from '@hunted/contracts';
import { Public, SERVICE_CONFIG } from '@hunted/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityConfig } from '../config.js';
import {
  clearedSessionCookie,
  newSessionId,
  readCookie,
  serializeSessionCookie,
  signSessionId,
  unsignSessionId,
} from '../sessions/session-cookie.js';
import type { SessionData } from '../sessions/session.entity.js';
import { SessionStore } from '../sessions/session.store.js';
import { UsersService } from '../users/users.service.js';
import { OidcClient } from './oidc-client.js';
import { returnToFor, safeReturnPath } from './return-to.js';

/** Long enough to sign in at the provider; a sign-in left half-way is forgotten after this. */
const SIGN_IN_WINDOW_SECONDS = 60 * 60;

@Controller('api')
export class AuthController {
  private readonly logger = new Logger(AuthController.name);

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
    private readonly oidc: OidcClient,
    private readonly sessions: SessionStore,
    private readonly users: UsersService,
  ) {}

  @Get('login')
  @Public()
  async login(
    @Req() request: FastifyRequest,
    @Query('returnTo') returnTo: unknown,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const current = await this.currentSession(request);
    const sid = current?.sid ?? newSessionId();
    const session: SessionData = {
      ...current?.sess,
      returnTo: returnToFor(returnTo, request.headers.referer, this.siteOrigins(request)),
    };
    const outcome = await this.oidc.run(this.strategyRequest(request, session));
    if (outcome.kind !== 'redirect') {
      this.logger.error(`sign-in could not start: ${outcome.kind === 'error' ? outcome.error.message : outcome.kind}`);
      await reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('Sign-in is unavailable right now. Please try again in a moment.');
      return;
    }
    const maxAge = current?.sess.userId ? this.sessionTtlSeconds : SIGN_IN_WINDOW_SECONDS;
    await this.sessions.set(sid, session, new Date(Date.now() + maxAge * 1000));
    await reply
      .header(
        'set-cookie',
        serializeSessionCookie(signSessionId(sid, this.config.SESSION_SECRET), {
          maxAgeSeconds: maxAge,
          secure: this.secure(request),
        }),
      )
      .header('cache-control', 'no-store')
      .redirect(outcome.url, 302);
  }

  @Get('callback')
  @Public()
  async callback(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const current = await this.currentSession(request);
    const session: SessionData = { ...current?.sess };
    const returnTo = safeReturnPath(session.returnTo) ?? '/';
    const outcome = await this.oidc.run(this.strategyRequest(request, session));
    if (outcome.kind !== 'success') {
      const reason =
        outcome.kind === 'error'
          ? outcome.error.message
          : outcome.kind === 'fail'
            ? outcome.message
            : 'unexpected redirect';
      this.logger.warn(`sign-in callback refused: ${reason}`);
      if (current) await this.sessions.set(current.sid, session, new Date(Date.now() + SIGN_IN_WINDOW_SECONDS * 1000));
      await reply.header('cache-control', 'no-store').redirect(returnTo, 302);
      return;
    }
    const user = await this.users.signIn(outcome.claims);
    const ttl = this.sessionTtlSeconds;
    const sid = await this.sessions.regenerate(
      current?.sid ?? null,
      { userId: user.id, signedInAt: new Date().toISOString() },
      new Date(Date.now() + ttl * 1000),
    );
    this.logger.log(`signed in user ${user.id}`);
    await reply
      .header(
        'set-cookie',
        serializeSessionCookie(signSessionId(sid, this.config.SESSION_SECRET), {
          maxAgeSeconds: ttl,
          secure: this.secure(request),
        }),
      )
      .header('cache-control', 'no-store')
      .redirect(returnTo, 302);
  }

  @Get('logout')
  @Public()
  async logout(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const sid = unsignSessionId(readCookie(request.headers.cookie, SESSION_COOKIE), this.config.SESSION_SECRET);
    if (sid) await this.sessions.destroy(sid);
    await reply
      .header('set-cookie', clearedSessionCookie(this.secure(request)))
      .header('cache-control', 'no-store')
      .redirect('/', 302);
  }

  private get sessionTtlSeconds(): number {
    return Math.round(this.config.SESSION_TTL_DAYS * 24 * 60 * 60);
  }

  private async currentSession(request: FastifyRequest): Promise<{ sid: string; sess: SessionData } | null> {
    const sid = unsignSessionId(readCookie(request.headers.cookie, SESSION_COOKIE), this.config.SESSION_SECRET);
    if (!sid) return null;
    const sess = await this.sessions.get(sid);
    return sess ? { sid, sess } : null;
  }

  private strategyRequest(request: FastifyRequest, session: SessionData) {
    return {
      query: request.query as Record<string, unknown>,
      session,
      headers: request.headers,
      url: request.url,
      method: request.method,
    };
  }

  /** Fastify's protocol honours X-Forwarded-Proto (trustProxy), so TLS at the gateway or ingress counts. */
  private secure(request: FastifyRequest): boolean {
    return request.protocol === 'https';
  }

  private siteOrigins(request: FastifyRequest): string[] {
    return [new URL(this.config.PUBLIC_URL).origin, `${request.protocol}://${request.host}`];
  }
}
