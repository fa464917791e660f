import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { SERVICE_CONFIG } from '@hunted/platform';
import { createTransport, type SendMailOptions, type Transporter } from 'nodemailer';
import type { MessagingConfig } from '../config.js';

/**
 * Sends through the SMTP server of `SMTP_URL`. The timeouts are short next to nodemailer's defaults (two
 * minutes to connect, ten of silence) because a failed send is retried by the queue anyway, and a hung one
 * would hold a worker slot and delay shutdown.
 */
@Injectable()
export class Mailer implements OnApplicationShutdown {
  private readonly transport: Transporter;

  constructor(@Inject(SERVICE_CONFIG) config: MessagingConfig) {
    this.transport = createTransport({
      url: config.SMTP_URL,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
      dnsTimeout: 10_000,
    });
  }

  async send(message: SendMailOptions): Promise<void> {
    await this.transport.sendMail(message);
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }
}
