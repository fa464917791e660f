import {
  BadRequestException,
  ConflictException,
  Controller,
  Get,
  HttpCode,
  HttpException,
  HttpStatus,
  NotFoundException,
  Param,
  Post,
} from '@nestjs/common';
import {
  markReadSchema,
  sendMessageSchema,
  threadQuerySchema,
  type ConversationMessage,
  type ConversationSummary,
  type HunterConversationSummary,
  type MarkReadBody,
  type SendMessageBody,
  type ThreadQuery,
  type UnreadCount,
  VETTING_MESSAGES,
} from '@hunted/contracts';
import {
  CleansOwnText,
  CurrentUser,
  firstFieldMessage,
  SignedIn,
  ValidBody,
  ValidQuery,
  type AuthenticatedUser,
} from '@hunted/platform';
import {
  CLIENT_MESSAGE_ID_TAKEN,
  CONVERSATION_NOT_FOUND,
  conversationFullToday,
  ConversationsService,
  TOO_MANY_MESSAGES,
  WRONG_RECEIVER,
} from './conversations.service.js';
import type { SendMessageResult } from './send-message/send-message.commands.js';
import { SendMessageUseCase } from './send-message/send-message.use-case.js';

/** A refused input answers with its first problem (the SPA shows it). */
const firstProblem = { message: firstFieldMessage };

/** The answer of a send: the message, or the refusal as the spec gives it. */
function answerOf(result: SendMessageResult): ConversationMessage {
  switch (result.kind) {
    case 'sent':
      return result.message;
    case 'too-fast':
      throw new HttpException(TOO_MANY_MESSAGES, HttpStatus.TOO_MANY_REQUESTS);
    case 'not-found':
      throw new NotFoundException(CONVERSATION_NOT_FOUND);
    case 'wrong-receiver':
      throw new BadRequestException(WRONG_RECEIVER);
    case 'closed':
      throw new ConflictException(VETTING_MESSAGES.closedConversation);
    case 'client-message-id-taken':
      throw new ConflictException(CLIENT_MESSAGE_ID_TAKEN);
    case 'day-full':
      throw new HttpException(conversationFullToday(result.cap), HttpStatus.TOO_MANY_REQUESTS);
  }
}

/** Every route needs a signed-in member; a conversation they are not one of the two people of is a 404. */
@Controller('api')
@SignedIn()
export class ConversationsController {
  constructor(
    private readonly conversations: ConversationsService,
    private readonly sendMessage: SendMessageUseCase,
  ) {}

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
    @ValidQuery(threadQuerySchema, firstProblem) query: ThreadQuery,
  ): Promise<ConversationMessage[]> {
    return this.conversations.messages(user.id, id, query);
  }

  @Post('conversations/:id/messages')
  // sendMessageSchema strips control characters (a NUL too) from the message rather than refusing it.
  @CleansOwnText()
  async send(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @ValidBody(sendMessageSchema, firstProblem) body: SendMessageBody,
  ): Promise<ConversationMessage> {
    const result = await this.sendMessage.send({
      senderId: user.id,
      conversationId: id,
      content: body.content,
      receiverId: body.receiverId,
      ...(body.clientMessageId === undefined ? {} : { clientMessageId: body.clientMessageId }),
    });
    return answerOf(result);
  }

  @Post('conversations/:id/read')
  @HttpCode(204)
  async markRead(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @ValidBody(markReadSchema, firstProblem) body: MarkReadBody,
  ): Promise<void> {
    await this.conversations.markRead(user, id, body);
  }
}
