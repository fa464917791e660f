import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '@/testing/fetch-stub';
import { voteBrand } from '../api/vote-brand';
import { voteFailureToast } from './vote-button';

const html = '<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>';

/** The error the API client gives for a vote answered with `response`. */
async function voteFailure(response: () => Response): Promise<unknown> {
  stubFetch({ 'POST /api/brands/7/vote': response });
  return voteBrand(7).then(
    () => {
      throw new Error('the vote should have failed');
    },
    (error: unknown) => error,
  );
}

describe('voteFailureToast', () => {
  it("reads a proxy's HTML error page as a repeat vote, as the original product did", async () => {
    const error = await voteFailure(() => new Response(html, { status: 502, statusText: 'Bad Gateway' }));
    expect(voteFailureToast(error)).toEqual({
      variant: 'destructive',
      title: "Oops we think you've already voted",
      description: 'You can only vote once per brand.',
    });
  });

  it('reads an OK answer that is not JSON as a repeat vote too', async () => {
    const error = await voteFailure(() => new Response(html, { status: 200 }));
    expect(voteFailureToast(error).title).toBe("Oops we think you've already voted");
  });

  it("shows the server's own sentence for a repeat within 24 hours (409)", async () => {
    const error = await voteFailure(() => json(409, { message: 'You have already voted for this brand today' }));
    expect(voteFailureToast(error)).toEqual({
      variant: 'destructive',
      title: "Oops we think you've already voted",
      description: 'You have already voted for this brand today',
    });
  });

  it('asks a guest to sign in (401)', async () => {
    const error = await voteFailure(() => json(401, { message: 'Unauthorized' }));
    expect(voteFailureToast(error).title).toBe('Sign in required');
  });

  it("goes by the API client's errors, not by the words of a message", () => {
    // A failure of the page itself that merely mentions HTML is not an answer from a proxy.
    expect(voteFailureToast(new Error('Unexpected token < in <html> template')).title).toBe('Failed to vote');
  });

  it("says 'Failed to vote' with the server's reason for any other refusal", async () => {
    const error = await voteFailure(() => json(500, { message: 'Votes are paused' }));
    expect(voteFailureToast(error)).toEqual({
      variant: 'destructive',
      title: 'Failed to vote',
      description: 'Votes are paused',
    });
  });
});
