import { InboxEntry } from './inbox.entity.js';
import { OutboxEntry } from './outbox.entity.js';

export const eventEntities = [OutboxEntry, InboxEntry];
