import { Heart } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { toast } from '@/components/ui/toast';
import { HttpError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useSavedState } from '../api/get-saved-state';
import { useToggleSave } from '../api/save-brand';

const signInToSave = { variant: 'destructive', title: 'Please sign in to save brands.' } as const;

/** 'Save' / 'Saved' (filled heart). Guests are told to sign in; nothing is asked of the server for them. */
export function SaveButton({ brandId }: { brandId: number }) {
  const auth = useAuth();
  const signedIn = auth.status === 'authenticated';
  const state = useSavedState(brandId, signedIn);
  const saved = signedIn && state.data?.isSaved === true;
  const toggle = useToggleSave(brandId, {
    onSuccess: (nowSaved) =>
      toast(nowSaved ? { title: 'Brand saved!', description: 'You can find it in your saved brands.' } : { title: 'Brand removed' }),
    onError: (error, save) =>
      toast(
        error instanceof HttpError && error.status === 401
          ? signInToSave
          : { variant: 'destructive', title: 'Error', description: save ? 'Failed to save brand' : 'Failed to remove brand' },
      ),
  });
  const onClick = () => {
    if (!signedIn) {
      toast(signInToSave);
      return;
    }
    toggle.mutate(!saved);
  };
  return (
    <Button
      variant="outline"
      onClick={onClick}
      aria-pressed={saved}
      disabled={toggle.isPending || auth.status === 'loading' || (signedIn && state.isPending)}
      className={cn(saved && 'border-brand-200 bg-brand-50 text-brand-700 hover:bg-brand-100')}
    >
      <Heart className={cn('h-4 w-4', saved && 'fill-brand-600 text-brand-600')} aria-hidden />
      {saved ? 'Saved' : 'Save'}
    </Button>
  );
}
