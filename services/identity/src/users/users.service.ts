import { randomUUID } from 'node:crypto';
import { BadRequestException, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  LEGAL_DOCUMENT_VERSIONS,
  MAX_PROFILE_IMAGE_BYTES,
  type AcceptableTerms,
  type CurrentUserResponse,
  type SessionUser,
  type UpdateCurrentUserFields,
  type UserRegisteredV1,
  type UserUpdatedV1,
} from '@hunted/contracts';
import {
  chargeUploadQuota,
  dailyUploadQuota,
  EventPublisher,
  preparedQuery,
  readImageUpload,
  SERVICE_CONFIG,
  type DailyUploadQuota,
  type ImageRules,
  type PreparedStatement,
} from '@hunted/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { isAdminEmail, type IdentityConfig } from '../config.js';
import { TermsAcceptances } from './terms-acceptances.js';

/** A row of `users`, named as the code names it. */
export interface User {
  id: string;
  /** The provider that vouches for this person, with `subject`; null only for a row not yet signed into since. */
  issuer: string | null;
  /** The provider's `sub`: how a returning person is recognised. */
  subject: string | null;
  /** Lower-cased; the provider's current (verified) address, updated at sign-in. One account per address. */
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  instagramUrl: string | null;
  /** The member's own time zone (IANA) for emails and invites; null while not known. */
  timeZone: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A profile photo (a row of `images`), stored once and served by URL so lists never carry it inline. */
export interface ProfileImage {
  id: string;
  userId: string;
  contentType: string;
  bytes: Buffer;
  createdAt: Date;
}

/** The columns of a User, read from `users`, named as the code names them. */
const USER_COLUMNS = `
  id, issuer, subject, email, first_name as "firstName", last_name as "lastName",
  profile_image_url as "profileImageUrl", instagram_url as "instagramUrl", time_zone as "timeZone",
  created_at as "createdAt", updated_at as "updatedAt"`;

const USER_BY_ID: PreparedStatement = { name: 'users-by-id', text: `select ${USER_COLUMNS} from users where id = $1` };

/** The columns of a ProfileImage, read from `images`. */
const IMAGE_COLUMNS = `id, user_id as "userId", content_type as "contentType", bytes, created_at as "createdAt"`;

/** The user a select or an insert's `returning` gives (one row at most), or null. */
async function oneUser(manager: EntityManager, sql: string, params: unknown[]): Promise<User | null> {
  const rows: User[] = await manager.query(sql, params);
  return rows[0] ?? null;
}

/**
 * Sets `assignments` (whose parameters start at $2) on the user whose id is $1, with `updated_at` now; returns
 * the row as stored. The caller has locked the row, so it is there.
 */
async function updateUser(manager: EntityManager, id: string, assignments: string, params: unknown[]): Promise<User> {
  // TypeORM answers an update with [rows, affected].
  const [rows]: [User[], number] = await manager.query(
    `update users set ${assignments}, updated_at = now() where id = $1 returning ${USER_COLUMNS}`,
    [id, ...params],
  );
  if (!rows[0]) throw new Error(`user ${id} vanished while locked`);
  return rows[0];
}

/** What the identity provider says about the person signing in. */
export interface ProviderClaims {
  /** The ID token's `iss` and `sub`: the person, whatever their address. */
  issuer: string;
  subject: string;
  /** Verified by the provider (claimsOf refuses anything else). */
  email: string;
  firstName: string | null;
  lastName: string | null;
}

/** A sign-in identity refuses, with a sentence for the person who tried. */
export class SignInRefusedError extends Error {}

export const EMAIL_OF_ANOTHER_ACCOUNT =
  'This email address already belongs to another Hunted account, which signs in with a different account at your sign-in provider. Sign in with that account, or contact support.';

export const AVATAR_PATH = '/api/auth/avatars';

/** The spec's profile photo rule and wording; the bytes decide the stored type. */
export const PROFILE_IMAGE_RULES: ImageRules = {
  maxBytes: MAX_PROFILE_IMAGE_BYTES,
  tooLarge: () => 'Please select an image smaller than 5MB',
  notAnImage: 'Please select an image file',
};

@Injectable()
export class UsersService {
  private readonly logger = new Logger(UsersService.name);
  private readonly avatarQuota: DailyUploadQuota;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
    private readonly events: EventPublisher,
    private readonly termsAcceptances: TermsAcceptances,
  ) {
    this.avatarQuota = dailyUploadQuota('avatars', 'profile photos', config.AVATARS_PER_DAY, config.AVATARS_MB_PER_DAY);
  }

  /**
   * The user the provider's (issuer, subject) names, created (and announced) on their first sign-in. Names they
   * edited are kept; the email follows the provider's (announced with identity.user.updated when it changes).
   * A row from before subjects were stored, with the same email and no subject, is linked to this subject once.
   * An address already held by another subject is refused (SignInRefusedError), never merged: an address can
   * change hands at a provider, and merging would hand the old owner's account to the new one.
   * Signing up is accepting the current terms (the provider's page says so, and links them): recorded with the new
   * row, in its transaction (decision 0103).
   */
  async signIn(claims: ProviderClaims): Promise<User> {
    const email = claims.email.trim().toLowerCase();
    const { issuer, subject } = claims;
    return this.dataSource.transaction(async (manager) => {
      const known = await oneUser(
        manager,
        `select ${USER_COLUMNS} from users where issuer = $1 and subject = $2 for update`,
        [issuer, subject],
      );
      if (known) {
        if (known.email === email) return known;
        const holder = await oneUser(manager, `select ${USER_COLUMNS} from users where email = $1`, [email]);
        if (holder) {
          this.logger.warn(`user ${known.id}: provider's new email is held by user ${holder.id}; sign-in refused`);
          throw new SignInRefusedError(EMAIL_OF_ANOTHER_ACCOUNT);
        }
        const saved = await updateUser(manager, known.id, 'email = $2', [email]);
        await this.events.publish(manager, 'identity.user.updated', updatedPayload(saved));
        return saved;
      }

      const byEmail = await oneUser(manager, `select ${USER_COLUMNS} from users where email = $1 for update`, [
        email,
      ]);
      if (byEmail) {
        if (byEmail.subject !== null) {
          this.logger.warn(`user ${byEmail.id}: a new subject signed in with its email; sign-in refused`);
          throw new SignInRefusedError(EMAIL_OF_ANOTHER_ACCOUNT);
        }
        const linked = await updateUser(manager, byEmail.id, 'issuer = $2, subject = $3', [issuer, subject]);
        this.logger.log(`user ${byEmail.id}: linked to its provider subject`);
        return linked;
      }

      const inserted = await oneUser(
        manager,
        `insert into users (id, issuer, subject, email, first_name, last_name) values ($1, $2, $3, $4, $5, $6)
         on conflict do nothing returning ${USER_COLUMNS}`,
        [randomUUID(), issuer, subject, email, claims.firstName || null, claims.lastName || null],
      );
      // "on conflict do nothing" makes two first sign-ins at once safe: only the one that inserted announces the
      // user. A row that appeared meanwhile with this email but another subject is the refusal above, found late.
      const user =
        inserted ??
        (await oneUser(manager, `select ${USER_COLUMNS} from users where issuer = $1 and subject = $2`, [
          issuer,
          subject,
        ]));
      if (!user) throw new SignInRefusedError(EMAIL_OF_ANOTHER_ACCOUNT);
      if (inserted) {
        await this.termsAcceptances.record(manager, user.id, 'terms', LEGAL_DOCUMENT_VERSIONS.terms);
        await this.events.publish(manager, 'identity.user.registered', registeredPayload(user));
      }
      return user;
    });
  }

  /** Every signed-in page asks for its user (`GET /api/auth/user`): a named statement, planned once per connection. */
  async findById(id: string): Promise<User | null> {
    const [user] = await preparedQuery<User>(this.dataSource, USER_BY_ID, [id]);
    return user ?? null;
  }

  isAdmin(user: Pick<User, 'email'>): boolean {
    return isAdminEmail(this.config, user.email);
  }

  /** The user as the gateway signs them; `acceptedTerms` from TermsAcceptances.acceptedNow. */
  toSessionUser(user: User, acceptedTerms: AcceptableTerms[]): SessionUser {
    return {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      isAdmin: this.isAdmin(user),
      acceptedTerms,
    };
  }

  toResponse(user: User): CurrentUserResponse {
    return {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      profileImageUrl: user.profileImageUrl,
      instagramUrl: user.instagramUrl,
      timeZone: user.timeZone,
      isAdmin: this.isAdmin(user),
      createdAt: user.createdAt.toISOString(),
      updatedAt: user.updatedAt.toISOString(),
    };
  }

  async update(id: string, changes: UpdateCurrentUserFields): Promise<User | null> {
    // Decoded and cleaned (metadata dropped) before the transaction: a refused image costs no database work.
    const image =
      typeof changes.profileImageUrl === 'string' && changes.profileImageUrl.startsWith('data:')
        ? await readImageUpload(changes.profileImageUrl, PROFILE_IMAGE_RULES)
        : null;
    if (image && !image.ok) throw new BadRequestException(image.message);

    return this.dataSource.transaction(async (manager) => {
      const user = await oneUser(manager, `select ${USER_COLUMNS} from users where id = $1 for update`, [id]);
      if (!user) return null;
      if (changes.firstName !== undefined) user.firstName = changes.firstName || null;
      if (changes.lastName !== undefined) user.lastName = changes.lastName || null;
      if (changes.instagramUrl !== undefined) user.instagramUrl = changes.instagramUrl || null;
      if (changes.profileImageUrl !== undefined) {
        user.profileImageUrl = await this.nextProfileImage(
          manager,
          user,
          changes.profileImageUrl,
          image?.ok ? image : null,
        );
      }
      const saved = await updateUser(
        manager,
        user.id,
        'first_name = $2, last_name = $3, instagram_url = $4, profile_image_url = $5',
        [user.firstName, user.lastName, user.instagramUrl, user.profileImageUrl],
      );
      await this.events.publish(manager, 'identity.user.updated', updatedPayload(saved));
      return saved;
    });
  }

  /**
   * Sets the member's time zone (already checked against the clock's zones) and announces it, as every profile
   * change, so messaging writes their emails in it. With `onlyIfUnset` (the browser's zone, sent after sign-in) a
   * zone already stored stays and nothing is announced. The same zone again changes nothing. Null when the account
   * is gone.
   */
  async setTimeZone(id: string, timeZone: string, options: { onlyIfUnset?: boolean } = {}): Promise<User | null> {
    return this.dataSource.transaction(async (manager) => {
      const user = await oneUser(manager, `select ${USER_COLUMNS} from users where id = $1 for update`, [id]);
      if (!user) return null;
      if (user.timeZone === timeZone || (options.onlyIfUnset && user.timeZone !== null)) return user;
      const saved = await updateUser(manager, user.id, 'time_zone = $2', [timeZone]);
      await this.events.publish(manager, 'identity.user.updated', updatedPayload(saved));
      return saved;
    });
  }

  private async nextProfileImage(
    manager: EntityManager,
    user: User,
    requested: string | null,
    image: { contentType: string; bytes: Buffer } | null,
  ): Promise<string | null> {
    if (!image) {
      if (!requested) {
        await manager.query('delete from images where user_id = $1', [user.id]);
        return null;
      }
      if (requested === user.profileImageUrl) return user.profileImageUrl;
      throw new BadRequestException('Please select an image file');
    }
    // Counted in the day's allowance even once replaced (the ledger keeps it): 429 beyond, and nothing is changed.
    await chargeUploadQuota(manager, user.id, this.avatarQuota, { uploads: 1, bytes: image.bytes.length });
    // One photo per user: the old one goes, so replaced photos do not pile up.
    await manager.query('delete from images where user_id = $1', [user.id]);
    const imageId = randomUUID();
    await manager.query('insert into images (id, user_id, content_type, bytes) values ($1, $2, $3, $4)', [
      imageId,
      user.id,
      image.contentType,
      image.bytes,
    ]);
    return `${AVATAR_PATH}/${imageId}`;
  }

  /** The user as stored, read in the caller's transaction (an export's snapshot). */
  async findIn(manager: EntityManager, id: string): Promise<User | null> {
    return oneUser(manager, `select ${USER_COLUMNS} from users where id = $1`, [id]);
  }

  /** The member's profile photo, read in the caller's transaction; null when they have none. */
  async imageOf(manager: EntityManager, userId: string): Promise<ProfileImage | null> {
    const rows: ProfileImage[] = await manager.query(`select ${IMAGE_COLUMNS} from images where user_id = $1`, [userId]);
    return rows[0] ?? null;
  }

  /**
   * Deletes the account itself, in the caller's transaction: the photo and the row. The provider's (issuer,
   * subject) goes with the row, so signing in again with the same provider account creates a new, empty account
   * under a new id. Answers whether there was a row to delete.
   */
  async deleteAccount(manager: EntityManager, userId: string): Promise<boolean> {
    await manager.query('delete from images where user_id = $1', [userId]);
    const [, count]: [unknown[], number] = await manager.query('delete from users where id = $1', [userId]);
    return count > 0;
  }

  async findImage(id: string): Promise<ProfileImage | null> {
    const rows: ProfileImage[] = await this.dataSource.query(`select ${IMAGE_COLUMNS} from images where id = $1`, [
      id,
    ]);
    return rows[0] ?? null;
  }
}

function updatedPayload(user: User): UserUpdatedV1 {
  return { ...registeredPayload(user), instagramUrl: user.instagramUrl, timeZone: user.timeZone };
}

function registeredPayload(user: User): UserRegisteredV1 {
  return {
    userId: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
  };
}
