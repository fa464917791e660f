import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import type {
  ConversationMessage,
  ConversationSummary,
  HunterConversationSummary,
  UnreadCount,
} from '@hunted/contracts';
import { CleansOwnText, CurrentUser, SignedIn, type AuthenticatedUser } from '@hunted/platform';
import { ConversationsService } from './conversations.service.js';
import { markReadBody, parseInput, sendMessageBody, threadQuery } from './dto/conversation-bodies.dto.js';

/** Every route needs a signed-in member; a conversation they are not one of the two people of is a 404. */
@Controller('api')
@SignedIn()
export class ConversationsController {
  constructor(private readonly conversations: ConversationsService) {}

  @Get('conversations')
  list(@CurrentUser() user: AuthenticatedUser): Promise<ConversationSummary[]> {
    return this.conversations.list(user.id);
  }

  @Get('conversations/unread-count')
  unreadCount(@CurrentUser() user: AuthenticatedUser): Promise<UnreadCount> {
    return this.conversations.unreadCount(user.id);
  }

  @Get('hunter-conversations')
  listAsHunter(@CurrentUser() user: AuthenticatedUser): Promise<HunterConversationSummary[]> {
    return this.conversations.listAsHunter(user.id);
  }

  @Get('conversations/:id/messages')
  messages(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Query() query: unknown,
  ): Promise<ConversationMessage[]> {
    return this.conversations.messages(user.id, id, parseInput(threadQuery, query));
  }

  @Post('conversations/:id/messages')
  // sendMessageBody strips control characters (a NUL too) from the message rather than refusing it.
  @CleansOwnText()
  send(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string, @Body() body: unknown): Promise<ConversationMessage> {
    return this.conversations.send(user, id, parseInput(sendMessageBody, body));
  }

  @Post('conversations/:id/read')
  @HttpCode(204)
  async markRead(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string, @Body() body: unknown): Promise<void> {
    await this.conversations.markRead(user, id, parseInput(markReadBody, body));
  }
}
