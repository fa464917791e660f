import { describe, expect, it } from 'vitest';
import { readProfileImage } from './read-profile-image';

describe('readProfileImage', () => {
  it('refuses a file of 5MB or more, as the servers do', async () => {
    const file = new File([new Uint8Array(5 * 1024 * 1024)], 'big.png', { type: 'image/png' });
    await expect(readProfileImage(file)).resolves.toEqual({
      ok: false,
      title: 'File too large',
      description: 'Please select an image smaller than 5MB',
    });
  });

  it('accepts a file one byte under 5MB', async () => {
    const file = new File([new Uint8Array(5 * 1024 * 1024 - 1)], 'edge.png', { type: 'image/png' });
    await expect(readProfileImage(file)).resolves.toMatchObject({ ok: true });
  });

  it('refuses a file that is not an image', async () => {
    const file = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    await expect(readProfileImage(file)).resolves.toEqual({
      ok: false,
      title: 'Invalid file type',
      description: 'Please select an image file',
    });
  });

  it('reads an image as inline data', async () => {
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    const result = await readProfileImage(file);
    expect(result).toEqual({ ok: true, dataUrl: 'data:image/png;base64,iVBORw==' });
  });
});
