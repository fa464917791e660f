import { Controller, Get, Inject, Logger, Query, Req, Res } from '@nestjs/common';
import { Public, SERVICE_CONFIG } from '@hunted/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityConfig } from '../config.js';
import {
  clearedSessionCookie,
  serializeSessionCookie,
  sessionCookieNameOf,
  sessionIdOfCookies,
  signSessionId,
} from '../sessions/session-cookie.js';
import { SessionStore } from '../sessions/session.store.js';
import type { ProviderRequest } from './sign-in/sign-in.commands.js';
import { SignInUseCase } from './sign-in/sign-in.use-case.js';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** HTTP in and out of signing in and out: cookies, redirects and pages. The sign-in itself is SignInUseCase. */
@Controller('api')
export class AuthController {
  private readonly logger = new Logger(AuthController.name);
  private readonly cookieName: string;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
    private readonly signIn: SignInUseCase,
    private readonly sessions: SessionStore,
  ) {
    this.cookieName = sessionCookieNameOf(config);
  }

  @Get('login')
  @Public()
  async login(
    @Req() request: FastifyRequest,
    @Query('returnTo') returnTo: unknown,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const result = await this.signIn.start({
      sessionId: sessionIdOfCookies(request.headers.cookie, this.config),
      returnTo,
      referer: request.headers.referer,
      siteOrigins: this.siteOrigins(request),
      request: providerRequestOf(request),
    });
    if (result.kind === 'unavailable') {
      await reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('Sign-in is unavailable right now. Please try again in a moment.');
      return;
    }
    await reply
      .header('set-cookie', this.cookie(result.sessionId, result.expire, request))
      .header('cache-control', 'no-store')
      .redirect(result.url, 302);
  }

  @Get('callback')
  @Public()
  async callback(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const result = await this.signIn.complete({
      sessionId: sessionIdOfCookies(request.headers.cookie, this.config),
      request: providerRequestOf(request),
    });
    if (result.kind === 'refused') {
      await this.refusedPage(reply, result.message, result.returnTo);
      return;
    }
    if (result.kind === 'signed-in') reply.header('set-cookie', this.cookie(result.sessionId, result.expire, request));
    await reply.header('cache-control', 'no-store').redirect(result.returnTo, 302);
  }

  /**
   * Sign-out is a GET (the spec's SPA navigates to it), so the gateway's CSRF check does not cover it: a page
   * elsewhere could sign a member out with an image tag. The browser says where a request comes from in
   * Sec-Fetch-Site; a cross-site one is refused and the session kept. (A browser that sends no such header is
   * let through, as the gateway does for writes: old browsers only, and the worst case is being signed out.)
   */
  @Get('logout')
  @Public()
  async logout(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      this.logger.warn('cross-site sign-out refused');
      await reply
        .status(403)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send('You are still signed in: sign-out must start on Hunted. Use Sign out in the menu.');
      return;
    }
    const sid = sessionIdOfCookies(request.headers.cookie, this.config);
    if (sid) await this.sessions.destroy(sid);
    await reply
      .header('set-cookie', clearedSessionCookie(this.cookieName, this.secure(request)))
      .header('cache-control', 'no-store')
      .redirect('/', 302);
  }

  private cookie(sessionId: string, expire: Date, request: FastifyRequest): string {
    return serializeSessionCookie(signSessionId(sessionId, this.config.SESSION_SECRET), {
      name: this.cookieName,
      maxAgeSeconds: Math.max(0, Math.round((expire.getTime() - Date.now()) / 1000)),
      secure: this.secure(request),
    });
  }

  private async refusedPage(reply: FastifyReply, message: string, returnTo: string): Promise<void> {
    await reply
      .status(403)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
          `<title>Sign-in refused</title><body style="font-family:system-ui;max-width:560px;margin:10vh auto;padding:0 1rem">` +
          `<h1>Sign-in refused</h1><p>${escapeHtml(message)}</p><p><a href="${escapeHtml(returnTo)}">Back to Hunted</a></p>`,
      );
  }

  /**
   * Secure whenever the site is https (PUBLIC_URL), and also when this request came over TLS (Fastify's protocol
   * honours X-Forwarded-Proto, trustProxy).
   */
  private secure(request: FastifyRequest): boolean {
    return request.protocol === 'https' || /^https:/i.test(this.config.PUBLIC_URL);
  }

  private siteOrigins(request: FastifyRequest): string[] {
    return [new URL(this.config.PUBLIC_URL).origin, `${request.protocol}://${request.host}`];
  }
}

/** What the provider's strategy reads of a request. */
function providerRequestOf(request: FastifyRequest): ProviderRequest {
  return {
    query: request.query as Record<string, unknown>,
    headers: request.headers,
    url: request.url,
    method: request.method,
  };
}
