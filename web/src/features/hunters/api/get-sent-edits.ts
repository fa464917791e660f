import { HUNTER_EDIT_LIMITS, type HunterEdit } from '@hunted/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPage, toQueryString } from '@/lib/api-client';
import { hunterKeys } from './query-keys';

/**
 * Every edit the signed-in hunter has sent (`GET /api/hunter-edits/sent`, read a page of 50 at a time), so each
 * booking row of the dashboard can say whether its edit went and where its publication stands.
 */
export async function getSentEdits(): Promise<HunterEdit[]> {
  const edits: HunterEdit[] = [];
  for (;;) {
    const page = await getPage<HunterEdit>(
      `/api/hunter-edits/sent${toQueryString({ limit: HUNTER_EDIT_LIMITS.maxLimit, offset: edits.length })}`,
    );
    edits.push(...page.items);
    if (page.items.length === 0 || edits.length >= page.total || edits.length >= HUNTER_EDIT_LIMITS.maxOffset) {
      return edits;
    }
  }
}

export const sentEditsQueryOptions = () => queryOptions({ queryKey: hunterKeys.sentEdits(), queryFn: getSentEdits });

export function useSentEdits() {
  return useQuery(sentEditsQueryOptions());
}
