import { Reflector } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host.js';
import { describe, expect, it } from 'vitest';
import { Public } from './access.decorators.js';
import { InternalAuthGuard } from './internal-auth.guard.js';
import { generateInternalKeyPair } from './internal-keys.js';

class ChatHandlers {
  /** Public over HTTP; the same declaration must not open it over a websocket nobody authenticated. */
  @Public()
  message(): string {
    return 'hello';
  }
}

function contextOf(type: 'http' | 'ws' | 'rpc'): ExecutionContextHost {
  const request = { headers: {} };
  const context = new ExecutionContextHost(
    [request, {}, () => undefined],
    ChatHandlers,
    ChatHandlers.prototype.message,
  );
  context.setType(type);
  return context;
}

describe('InternalAuthGuard outside HTTP', () => {
  const guard = new InternalAuthGuard(new Reflector(), generateInternalKeyPair().publicKey, 'messaging');

  it('lets a public HTTP route through', async () => {
    expect(await guard.canActivate(contextOf('http'))).toBe(true);
  });

  it('refuses websocket and RPC handlers, even ones declared public', async () => {
    expect(await guard.canActivate(contextOf('ws'))).toBe(false);
    expect(await guard.canActivate(contextOf('rpc'))).toBe(false);
  });
});
