import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ContactSubmission } from '@hunted/contracts';
import { DataSource } from 'typeorm';
import { ContactEmailQueue } from './contact-email.queue.js';
import { ContactSubmissionEntity } from './contact-submission.entity.js';
import type { ContactInputDto } from './dto/contact-input.dto.js';

@Injectable()
export class ContactService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly emails: ContactEmailQueue,
  ) {}

  /** Stores the submission, then queues its email: a message is kept even when the email cannot go yet. */
  async submit(input: ContactInputDto): Promise<{ id: number }> {
    const { id } = await this.dataSource.getRepository(ContactSubmissionEntity).save({
      name: input.name,
      email: input.email,
      subject: input.subject,
      category: input.category,
      message: input.message,
    });
    // Not awaited: the answer does not depend on Redis; the sweep covers a failed enqueue.
    void this.emails.enqueue(id);
    return { id };
  }

  /** The admin inbox, newest first. */
  async list(): Promise<ContactSubmission[]> {
    const rows = await this.dataSource
      .getRepository(ContactSubmissionEntity)
      .find({ order: { createdAt: 'DESC', id: 'DESC' } });
    return rows.map(toContactSubmission);
  }
}

export function toContactSubmission(row: ContactSubmissionEntity): ContactSubmission {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    category: row.category,
    message: row.message,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
