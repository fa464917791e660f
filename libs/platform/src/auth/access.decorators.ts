import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { AuthenticatedUser } from './internal-token.js';

export type AccessLevel = 'public' | 'signed-in' | 'admin';
export const ACCESS_METADATA = 'hunted:access';

/** Anyone, signed in or not. The user is still attached when present. */
export const Public = () => SetMetadata(ACCESS_METADATA, 'public' satisfies AccessLevel);
/** Only a signed-in user; a guest gets 401. */
export const SignedIn = () => SetMetadata(ACCESS_METADATA, 'signed-in' satisfies AccessLevel);
/** Only an admin; a guest gets 401 and any other user 403. */
export const AdminOnly = () => SetMetadata(ACCESS_METADATA, 'admin' satisfies AccessLevel);

export interface RequestWithUser {
  user?: AuthenticatedUser | null;
}

/** The caller as the gateway vouched for them; null on public routes for a guest. */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthenticatedUser | null => {
  return ctx.switchToHttp().getRequest<RequestWithUser>().user ?? null;
});
