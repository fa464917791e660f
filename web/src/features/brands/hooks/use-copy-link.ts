import { useCallback } from 'react';
import { toast } from '@/components/ui/toast';

/** Copies an address to the clipboard and says whether it worked ('Link copied!' or 'Copy failed'). */
export function useCopyLink() {
  return useCallback(async (url: string) => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link copied!' });
    } catch {
      toast({ variant: 'destructive', title: 'Copy failed', description: 'Unable to copy link' });
    }
  }, []);
}
