import { describe, expect, it } from 'vitest';
import { setWeeklyHours } from './set-weekly-hours';

describe('setWeeklyHours', () => {
  it("refuses, before sending, a week the server's rules schema refuses", async () => {
    const week = { mon: ['08:00'], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] } as unknown as Parameters<
      typeof setWeeklyHours
    >[0];
    await expect(setWeeklyHours(week)).rejects.toMatchObject({
      issues: [
        expect.objectContaining({
          path: ['mon'],
          message: expect.stringMatching(/^Each of mon must be one of: 09:00/) as string,
        }),
      ],
    });
  });
});
