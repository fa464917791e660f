/** Every query key of the messaging feature, built only here. */
export const messagingKeys = {
  all: ['messaging'] as const,
  conversations: () => [...messagingKeys.all, 'conversations'] as const,
  hunterConversations: () => [...messagingKeys.all, 'hunter-conversations'] as const,
  unread: () => [...messagingKeys.all, 'unread'] as const,
  threads: () => [...messagingKeys.all, 'thread'] as const,
  thread: (conversationId: string) => [...messagingKeys.threads(), conversationId] as const,
  /** The id of a thread's first message once a short page has shown it (null: the thread was empty). */
  /** The member's switches for the emails they may turn off. */
  emailPreferences: () => [...messagingKeys.all, 'email-preferences'] as const,
  threadStart: (conversationId: string) => [...messagingKeys.all, 'thread-start', conversationId] as const,
};
