import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** What the button needs of a TanStack infinite query. */
interface NextPage {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** 'Show more …' under a paged list: shown while the server has more, disabled while the next page is read. */
export function ShowMoreButton({ list, children }: { list: NextPage; children: ReactNode }) {
  if (!list.hasNextPage) return null;
  return (
    <div className="flex justify-center">
      <Button variant="outline" size="sm" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
        {children}
      </Button>
    </div>
  );
}
