import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Observable } from 'rxjs';
import { requestContext } from './logger.js';

/** Runs each handler inside the request's context so its logs and outbound calls carry the request id. */
@Injectable()
export class RequestContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<{ id: string }>();
    return new Observable((subscriber) =>
      requestContext.run({ requestId: request.id }, () => next.handle().subscribe(subscriber)),
    );
  }
}
