import { Module, type DynamicModule, type ModuleMetadata, type Provider, type Type } from '@nestjs/common';
import { UserCopies } from './user-copies.js';
import { USER_COPY_WRITER, USER_REGISTERED_FOLLOW_UP, type UserCopyWriter, type UserRegisteredFollowUp } from './user-copy-handlers.js';

export interface UserCopiesOptions {
  /** The copy's writer when the service keeps more columns than UserCopies writes (messaging: the email). */
  writer?: Type<UserCopyWriter>;
  /** Run after a registration is copied, in the same transaction (hunters: a demo hunter's email claims that hunter). */
  onRegistered?: Type<UserRegisteredFollowUp>;
  /** Modules exporting what `writer` or `onRegistered` inject. */
  imports?: ModuleMetadata['imports'];
}

/**
 * A service's copy of identity's users (table `users`, created by its own migration with CREATE_USERS_COPY_TABLE):
 * UserCopies for the features that read or fill it, and what USER_COPY_HANDLERS need to keep it fed. Options only
 * when the copy has more columns or a registration does more.
 */
@Module({})
export class UserCopiesModule {
  static forService(options: UserCopiesOptions = {}): DynamicModule {
    const writer = options.writer ?? UserCopies;
    const providers: Provider[] = [UserCopies, { provide: USER_COPY_WRITER, useExisting: writer }];
    const exports: DynamicModule['exports'] = [UserCopies, USER_COPY_WRITER];
    if (options.writer) {
      providers.push(options.writer);
      exports.push(options.writer);
    }
    if (options.onRegistered) {
      providers.push(options.onRegistered, { provide: USER_REGISTERED_FOLLOW_UP, useExisting: options.onRegistered });
      exports.push(USER_REGISTERED_FOLLOW_UP);
    }
    return { module: UserCopiesModule, imports: options.imports ?? [], providers, exports };
  }
}
