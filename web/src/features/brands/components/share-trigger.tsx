import { Share2 } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';

/**
 * How the Share button looks, the same before its menu's code has come (share-menu.tsx) and after (the dropdown's
 * own trigger, share-dropdown.tsx), so nothing changes under the pointer when one takes the other's place.
 */
export const shareTriggerClassName = buttonClasses({ variant: 'outline' });

export function ShareTriggerLabel() {
  return (
    <>
      <Share2 className="h-4 w-4" aria-hidden /> Share
    </>
  );
}
