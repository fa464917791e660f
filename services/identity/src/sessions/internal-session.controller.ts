import { Controller, Get, Headers, Inject } from '@nestjs/common';
import type { SessionResolution } from '@hunted/contracts';
import { Public, SERVICE_CONFIG } from '@hunted/platform';
import type { IdentityConfig } from '../config.js';
import { TermsAcceptances } from '../users/terms-acceptances.js';
import { UsersService } from '../users/users.service.js';
import { sessionIdOfCookies } from './session-cookie.js';
import { SessionStore } from './session.store.js';

/**
 * The gateway's question "who is this cookie?". Public because the gateway asks before it has an identity to
 * forward; it answers nothing a cookie holder could not learn from /api/auth/user, and the gateway never
 * proxies /internal/* from outside.
 */
@Controller('internal')
export class InternalSessionController {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
    private readonly sessions: SessionStore,
    private readonly users: UsersService,
    private readonly termsAcceptances: TermsAcceptances,
  ) {}

  @Get('session')
  @Public()
  async resolve(@Headers('cookie') cookie: string | undefined): Promise<SessionResolution> {
    const sid = sessionIdOfCookies(cookie, this.config);
    const sess = sid ? await this.sessions.get(sid) : null;
    if (!sess?.userId) return { user: null };
    // Both reads at once: the lookup's cost stays one round trip (the gateway caches the answer for a few seconds).
    const [user, acceptedTerms] = await Promise.all([this.users.findById(sess.userId), this.termsAcceptances.acceptedNow(sess.userId)]);
    return { user: user ? this.users.toSessionUser(user, acceptedTerms) : null };
  }
}
