import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  OPTIONAL_EMAIL_LABELS,
  UNSUBSCRIBE_LINK_INVALID,
  type EmailPreferencesResponse,
  type OptionalEmailKind,
  type UnsubscribeResponse,
} from '@hunted/contracts';
import { SERVICE_CONFIG } from '@hunted/platform';
import { DataSource } from 'typeorm';
import type { MessagingConfig } from '../config.js';
import { EmailPreferencesRepository } from '../mail/email-preferences.repository.js';
import { verifyUnsubscribeToken } from '../mail/unsubscribe-token.js';
import { MemberCopies } from '../users/member-copies.js';

/** A member's email switches: read and changed when signed in, or one kind flipped by a signed unsubscribe link. */
@Injectable()
export class EmailPreferencesService {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: MessagingConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly preferences: EmailPreferencesRepository,
    private readonly members: MemberCopies,
  ) {}

  async of(userId: string): Promise<EmailPreferencesResponse> {
    return { preferences: await this.preferences.of(this.dataSource.manager, userId) };
  }

  async change(userId: string, changes: Partial<Record<OptionalEmailKind, boolean>>): Promise<EmailPreferencesResponse> {
    return { preferences: await this.preferences.change(this.dataSource.manager, userId, changes) };
  }

  /**
   * The link's kind turned off (`subscribed` false) or back on. A token that is forged or altered, or names a member
   * this service no longer knows (erased: their copy is gone), is refused and nothing changes.
   */
  async setByLink(token: string | undefined, subscribed: boolean): Promise<UnsubscribeResponse> {
    const claim = verifyUnsubscribeToken(this.config.UNSUBSCRIBE_TOKEN_SECRET, token);
    if (!claim) throw invalidLink();
    return this.dataSource.transaction(async (manager) => {
      if (!(await this.members.find(manager, claim.userId))) throw invalidLink();
      await this.preferences.change(manager, claim.userId, { [claim.kind]: subscribed });
      return { kind: claim.kind, label: OPTIONAL_EMAIL_LABELS[claim.kind], subscribed };
    });
  }

  /** Whether a token is one this service would act on (the GET only redirects; it never changes anything). */
  isValidToken(token: string | undefined): boolean {
    return verifyUnsubscribeToken(this.config.UNSUBSCRIBE_TOKEN_SECRET, token) !== null;
  }
}

function invalidLink(): BadRequestException {
  return new BadRequestException({ statusCode: 400, message: UNSUBSCRIBE_LINK_INVALID, code: 'UNSUBSCRIBE_LINK_INVALID' });
}
