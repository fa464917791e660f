import type { Brand } from '@hunted/contracts';
import { Copy, Mail } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useCopyLink } from '../hooks/use-copy-link';
import { brandPageUrl, mailtoHref } from '../lib/share';
import { shareTriggerClassName, ShareTriggerLabel } from './share-trigger';

/** The Share menu itself, mounted open by the first press on ShareMenu's button (share-menu.tsx). */
export default function ShareDropdown({ brand }: { brand: Brand }) {
  const copy = useCopyLink();
  return (
    <DropdownMenu modal={false} defaultOpen>
      <DropdownMenuTrigger className={shareTriggerClassName}>
        <ShareTriggerLabel />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="min-w-48">
        <DropdownMenuItem asChild>
          <a href={mailtoHref(brand)}>
            <Mail aria-hidden /> Email
          </a>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void copy(brandPageUrl(brand))}>
          <Copy aria-hidden /> Copy link
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
