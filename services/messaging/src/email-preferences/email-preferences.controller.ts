import { Body, Controller, Get, HttpCode, Post, Put, Query, Res } from '@nestjs/common';
import type { EmailPreferencesResponse, UnsubscribeResponse } from '@hunted/contracts';
import { CurrentUser, Public, SignedIn, type AuthenticatedUser } from '@hunted/platform';
import { parsePreferenceChanges } from './email-preferences-input.js';
import { EmailPreferencesService } from './email-preferences.service.js';

/** What the redirect needs of Fastify's reply. */
interface RedirectReply {
  status(code: number): { header(name: string, value: string): { send(): unknown } };
}

/**
 * `/api/email-preferences`: a member's switches (signed in), and the unsubscribe link of every optional email
 * (public: it works without signing in, RFC 8058). The gateway routes the link's two POSTs as guest writes.
 */
@Controller('api/email-preferences')
export class EmailPreferencesController {
  constructor(private readonly preferences: EmailPreferencesService) {}

  @Get()
  @SignedIn()
  read(@CurrentUser() caller: AuthenticatedUser): Promise<EmailPreferencesResponse> {
    return this.preferences.of(caller.id);
  }

  @Put()
  @SignedIn()
  change(@CurrentUser() caller: AuthenticatedUser, @Body() body: unknown): Promise<EmailPreferencesResponse> {
    return this.preferences.change(caller.id, parsePreferenceChanges(body));
  }

  /**
   * The one-click POST (a mail client's, body `List-Unsubscribe=One-Click` form-encoded) or the site's page (JSON
   * `{}`): the body says nothing more than that, so it is not read; the signed token says who and which kind.
   */
  @Post('unsubscribe')
  @Public()
  @HttpCode(200)
  unsubscribe(@Query('token') token: string | undefined): Promise<UnsubscribeResponse> {
    return this.preferences.setByLink(token, false);
  }

  /** The way back, from the page the link opens. */
  @Post('resubscribe')
  @Public()
  @HttpCode(200)
  resubscribe(@Query('token') token: string | undefined): Promise<UnsubscribeResponse> {
    return this.preferences.setByLink(token, true);
  }

  /**
   * A GET of the link (a person clicking it in a client without one-click, or a link scanner) changes nothing:
   * it sends them to the site's page, which shows what the link turns off and does it with a POST.
   */
  @Get('unsubscribe')
  @Public()
  redirectToPage(@Query('token') token: string | undefined, @Res() reply: RedirectReply): void {
    const query = typeof token === 'string' ? `?token=${encodeURIComponent(token)}` : '';
    reply.status(303).header('location', `/unsubscribe${query}`).send();
  }
}
