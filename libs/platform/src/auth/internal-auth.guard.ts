import {
  ForbiddenException,
  Injectable,
  Logger,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ACCESS_METADATA, type AccessLevel, type RequestWithUser } from './access.decorators.js';
import { IDENTITY_HEADER, verifyInternalToken } from './internal-token.js';

/**
 * Global guard: every route must declare who may call it. A route that declares nothing is refused, so a
 * forgotten decorator fails closed. Identity comes only from a token signed with the shared secret.
 */
@Injectable()
export class InternalAuthGuard implements CanActivate {
  private readonly logger = new Logger(InternalAuthGuard.name);

  constructor(
    private readonly reflector: Reflector,
    private readonly secret: string,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const access = this.reflector.getAllAndOverride<AccessLevel | undefined>(ACCESS_METADATA, [
      context.getHandler(),
      context.getClass(),
    ]);
    const request = context.switchToHttp().getRequest<RequestWithUser & { headers: Record<string, string | string[] | undefined> }>();
    const header = request.headers[IDENTITY_HEADER];
    request.user = await verifyInternalToken(Array.isArray(header) ? header[0] : header, this.secret);

    if (!access) {
      this.logger.error(`Route ${context.getClass().name}.${context.getHandler().name} declares no access level; refusing`);
      throw new ForbiddenException('This route is not available');
    }
    if (access === 'public') return true;
    if (!request.user) throw new UnauthorizedException('Please sign in to continue');
    if (access === 'admin' && !request.user.isAdmin) throw new ForbiddenException('Admin access required');
    return true;
  }
}
