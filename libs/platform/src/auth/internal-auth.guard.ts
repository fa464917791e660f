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
import { IDENTITY_HEADER, VerifiedTokens } from './internal-token.js';

/**
 * Global guard: every route must declare who may call it. A route that declares nothing is refused, so a
 * forgotten decorator fails closed. Identity comes only from a token the gateway signed for this service
 * (its Ed25519 key, this service's audience).
 */
@Injectable()
export class InternalAuthGuard implements CanActivate {
  private readonly logger = new Logger(InternalAuthGuard.name);
  private readonly tokens: VerifiedTokens;

  constructor(
    private readonly reflector: Reflector,
    publicKey: string,
    /** This service's name: only tokens for its audience are accepted. */
    service: string,
  ) {
    this.tokens = new VerifiedTokens(publicKey, service);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    // Websocket and RPC handlers carry no x-hunted-identity header this guard could check, so they are refused
    // until a gateway that authenticates them exists (and is given its own check here).
    if (context.getType() !== 'http') {
      this.logger.error(`${context.getType()} handler ${context.getClass().name}.${context.getHandler().name} refused: only HTTP is authenticated`);
      return false;
    }
    const access = this.reflector.getAllAndOverride<AccessLevel | undefined>(ACCESS_METADATA, [
      context.getHandler(),
      context.getClass(),
    ]);
    const request = context.switchToHttp().getRequest<RequestWithUser & { headers: Record<string, string | string[] | undefined> }>();
    const header = request.headers[IDENTITY_HEADER];
    request.user = await this.tokens.verify(Array.isArray(header) ? header[0] : header);

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
