import { Queue, type JobSchedulerJson } from 'bullmq';

/** A job scheduler as stored in Redis, read with a queue of the test's own (services do not import BullMQ). */
export async function readJobScheduler(options: {
  redisUrl: string;
  redisPrefix: string;
  queue: string;
  id: string;
}): Promise<JobSchedulerJson | undefined> {
  const queue = new Queue(options.queue, { connection: { url: options.redisUrl }, prefix: `${options.redisPrefix}bull` });
  try {
    return await queue.getJobScheduler(options.id);
  } finally {
    await queue.close();
  }
}
