import { Controller, Get, Headers, Inject } from '@nestjs/common';
import type { SessionResolution } from '@hunted/contracts';
import { Public, SERVICE_CONFIG } from '@hunted/platform';
import type { IdentityConfig } from '../config.js';
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
  ) {}

  @Get('session')
  @Public()
  async resolve(@Headers('cookie') cookie: string | undefined): Promise<SessionResolution> {
    const sid = sessionIdOfCookies(cookie, this.config);
    const sess = sid ? await this.sessions.get(sid) : null;
    const user = sess?.userId ? await this.users.findById(sess.userId) : null;
    return { user: user ? this.users.toSessionUser(user) : null };
  }
}
