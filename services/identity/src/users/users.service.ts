import { randomUUID } from 'node:crypto';
import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { MAX_PROFILE_IMAGE_BYTES, type CurrentUserResponse, type SessionUser, type UserRegisteredV1 } from '@hunted/contracts';
import { decodeImageDataUrl, EventPublisher, SERVICE_CONFIG, type ImageRules } from '@hunted/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { isAdminEmail, type IdentityConfig } from '../config.js';
import type { UpdateUserDto } from './dto/update-user.dto.js';
import { ProfileImage } from './profile-image.entity.js';
import { User } from './user.entity.js';

/** What the identity provider says about the person signing in. */
export interface ProviderClaims {
  email: string;
  firstName: string | null;
  lastName: string | null;
}

export const AVATAR_PATH = '/api/auth/avatars';

/** The spec's profile photo rule and wording; the bytes decide the stored type. */
export const PROFILE_IMAGE_RULES: ImageRules = {
  maxBytes: MAX_PROFILE_IMAGE_BYTES,
  tooLarge: () => 'Please select an image smaller than 5MB',
  notAnImage: 'Please select an image file',
};

@Injectable()
export class UsersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
    private readonly events: EventPublisher,
  ) {}

  /** The user with this email, created (and announced) on their first sign-in. Names they edited are kept. */
  async signIn(claims: ProviderClaims): Promise<User> {
    const email = claims.email.trim().toLowerCase();
    return this.dataSource.transaction(async (manager) => {
      const inserted = await manager
        .createQueryBuilder()
        .insert()
        .into(User)
        .values({ id: randomUUID(), email, firstName: claims.firstName || null, lastName: claims.lastName || null })
        .orIgnore()
        .returning('*')
        .execute();
      const user = await manager.findOneByOrFail(User, { email });
      // orIgnore makes two first sign-ins at once safe: only the one that inserted announces the user.
      if ((inserted.raw as unknown[]).length > 0) {
        await this.events.publish(manager, 'identity.user.registered', registeredPayload(user));
      }
      return user;
    });
  }

  findById(id: string): Promise<User | null> {
    return this.dataSource.getRepository(User).findOneBy({ id });
  }

  isAdmin(user: Pick<User, 'email'>): boolean {
    return isAdminEmail(this.config, user.email);
  }

  toSessionUser(user: User): SessionUser {
    return {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      isAdmin: this.isAdmin(user),
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
      isAdmin: this.isAdmin(user),
      createdAt: user.createdAt.toISOString(),
      updatedAt: user.updatedAt.toISOString(),
    };
  }

  async update(id: string, changes: UpdateUserDto): Promise<User | null> {
    // Decoded before the transaction: a refused image costs no database work.
    const image =
      typeof changes.profileImageUrl === 'string' && changes.profileImageUrl.startsWith('data:')
        ? decodeImageDataUrl(changes.profileImageUrl, PROFILE_IMAGE_RULES)
        : null;
    if (image && !image.ok) throw new BadRequestException(image.message);

    return this.dataSource.transaction(async (manager) => {
      const user = await manager.findOne(User, { where: { id }, lock: { mode: 'pessimistic_write' } });
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
      user.updatedAt = new Date();
      const saved = await manager.save(user);
      await this.events.publish(manager, 'identity.user.updated', {
        ...registeredPayload(saved),
        instagramUrl: saved.instagramUrl,
      });
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
        await manager.delete(ProfileImage, { userId: user.id });
        return null;
      }
      if (requested === user.profileImageUrl) return user.profileImageUrl;
      throw new BadRequestException('Please select an image file');
    }
    // One photo per user: the old one goes, so replaced photos do not pile up.
    await manager.delete(ProfileImage, { userId: user.id });
    const imageId = randomUUID();
    await manager.insert(ProfileImage, {
      id: imageId,
      userId: user.id,
      contentType: image.contentType,
      bytes: image.bytes,
    });
    return `${AVATAR_PATH}/${imageId}`;
  }

  findImage(id: string): Promise<ProfileImage | null> {
    return this.dataSource.getRepository(ProfileImage).findOneBy({ id });
  }
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
