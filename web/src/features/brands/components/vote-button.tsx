import type { Brand } from '@hunted/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { ThumbsUp } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { HttpError, isForeignAnswer, serverMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { brandQueryOptions } from '../api/get-brand';
import { useVoteBrand } from '../api/vote-brand';

const signInToVote = {
  variant: 'destructive',
  title: 'Sign in required',
  description: 'Please sign in to vote for brands.',
} as const;

/** The toast for a failed vote, per the spec's error catalogue. */
export function voteFailureToast(error: unknown) {
  if (error instanceof HttpError && error.status === 401) return signInToVote;
  // A repeat within 24 hours: the server says so (409) in its own words.
  if (error instanceof HttpError && error.status === 409) {
    return {
      variant: 'destructive',
      title: "Oops we think you've already voted",
      description: serverMessage(error, 409) ?? 'You can only vote once per brand.',
    } as const;
  }
  // A proxy or a gateway page answering instead of the server: the original product read this as a repeat vote.
  if (isForeignAnswer(error)) {
    return {
      variant: 'destructive',
      title: "Oops we think you've already voted",
      description: 'You can only vote once per brand.',
    } as const;
  }
  const reason = error instanceof HttpError ? serverMessage(error, error.status) : null;
  return {
    variant: 'destructive',
    title: 'Failed to vote',
    description: reason ?? 'You may have already voted for this brand.',
  } as const;
}

/**
 * The vote button's accessible name, 'Vote, 12 votes, for Loom & Co': it begins with the visible 'Vote 12', as
 * speech-input users say it (no parentheses: name checks drop parenthesised words), then names the brand.
 */
export function voteButtonName(brand: Pick<Brand, 'name' | 'votes'>): string {
  return `Vote, ${brand.votes} ${brand.votes === 1 ? 'vote' : 'votes'}, for ${brand.name}`;
}

/** Vote for a brand, with its count. Guests are told to sign in; the server refuses repeats within 24 h. */
export function VoteButton({ brand, routeId }: { brand: Brand; routeId: string }) {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const vote = useVoteBrand({
    onSuccess: () => toast({ title: 'Vote recorded!', description: 'Thanks for supporting this brand.' }),
    onError: (error) => toast(voteFailureToast(error)),
  });
  const onClick = () => {
    if (auth.status !== 'authenticated') {
      toast(signInToVote);
      return;
    }
    vote.mutate(brand.id, {
      onSuccess: (answer) => {
        if (typeof answer?.votes !== 'number') return;
        queryClient.setQueryData<Brand>(brandQueryOptions(routeId).queryKey, (current) =>
          current ? { ...current, votes: answer.votes } : current,
        );
      },
    });
  };
  return (
    <Button
      onClick={onClick}
      disabled={vote.isPending || auth.status === 'loading'}
      aria-label={voteButtonName(brand)}
    >
      <ThumbsUp className="h-4 w-4" aria-hidden />
      <span>Vote</span>{' '}
      <span className="rounded-full bg-white/20 px-2 py-0.5 text-xs font-bold tabular-nums" data-testid="vote-count">
        {brand.votes}
      </span>
    </Button>
  );
}
