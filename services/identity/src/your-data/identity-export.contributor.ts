import { Injectable } from '@nestjs/common';
import { binaryFile, extensionOf, jsonFile, textFile, type DataExportContributor, type ExportFile } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { SessionStore } from '../sessions/session.store.js';
import { TermsAcceptances } from '../users/terms-acceptances.js';
import { UsersService } from '../users/users.service.js';

/** The first line of every part's README is the archive's summary of that folder (the gateway's README reads it). */
function readme(avatarFile: string | null): string {
  return [
    'Your Hunted account: who you are to Hunted, and where you are signed in.',
    '',
    '- `account.json`: your account as identity stores it: its id, your email address (the one your sign-in provider',
    '  vouches for), your first and last name, your Instagram link, whether you are an administrator, when the',
    '  account was created and last changed, and which sign-in provider account it belongs to (issuer and subject).',
    '- `sessions.json`: every session you are signed in with now: when it began and when it ends. The session ids',
    '  themselves are not included: anyone holding one could use your account.',
    '- `terms-acceptances.json`: each version of the terms (and of the terms for hunters) you accepted, and when.',
    avatarFile
      ? `- \`${avatarFile}\`: your profile photo, as stored (it was re-encoded at upload, without its metadata).`
      : '- You have no profile photo, so there is no photo file.',
    '',
  ].join('\n');
}

/** Identity's part of a member's archive (UK GDPR Art. 15 and 20): their account, sessions' metadata, acceptances of the terms and photo. */
@Injectable()
export class IdentityExportContributor implements DataExportContributor {
  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionStore,
    private readonly termsAcceptances: TermsAcceptances,
  ) {}

  async collect(manager: EntityManager, userId: string): Promise<ExportFile[]> {
    const user = await this.users.findIn(manager, userId);
    if (!user) return [textFile('identity', 'README.md', 'Your Hunted account has been deleted.\n')];
    const image = await this.users.imageOf(manager, userId);
    const avatarFile = image ? `avatar.${extensionOf(image.contentType)}` : null;
    const account = {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      instagramUrl: user.instagramUrl,
      timeZone: user.timeZone,
      profilePhoto: avatarFile,
      isAdmin: this.users.isAdmin(user),
      signInProvider: { issuer: user.issuer, subject: user.subject },
      createdAt: user.createdAt.toISOString(),
      updatedAt: user.updatedAt.toISOString(),
    };
    return [
      textFile('identity', 'README.md', readme(avatarFile)),
      jsonFile('identity', 'account.json', account),
      jsonFile('identity', 'sessions.json', await this.sessions.metadataOf(manager, userId)),
      jsonFile('identity', 'terms-acceptances.json', await this.termsAcceptances.allOf(manager, userId)),
      ...(image && avatarFile ? [binaryFile('identity', avatarFile, image.contentType, image.bytes)] : []),
    ];
  }
}
