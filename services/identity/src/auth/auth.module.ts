import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module.js';
import { UsersModule } from '../users/users.module.js';
import { AuthController } from './auth.controller.js';
import { OidcClient } from './oidc-client.js';
import { SignInUseCase } from './sign-in/sign-in.use-case.js';

@Module({
  imports: [UsersModule, SessionsModule],
  controllers: [AuthController],
  providers: [OidcClient, SignInUseCase],
})
export class AuthModule {}
