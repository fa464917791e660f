import type { HunterPick, HunterPickInput, MyHunterPickDay, TodayHunterPick } from '@hunted/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { hunterKeys } from './query-keys';

/** Today's Hunter's Pick for /today, or null until the day's hunter has picked. */
export async function getTodayHunterPick(): Promise<HunterPick | null> {
  return (await request<TodayHunterPick>('GET', '/api/hunter-picks/today')).pick;
}

export const todayHunterPickQueryOptions = () => queryOptions({ queryKey: hunterKeys.todayPick(), queryFn: getTodayHunterPick });

export function useTodayHunterPick() {
  return useQuery(todayHunterPickQueryOptions());
}

/** Whether today is the signed-in hunter's day to pick, and their pick. */
export function useMyPickDay(enabled = true) {
  return useQuery({
    queryKey: hunterKeys.myPickDay(),
    queryFn: () => request<MyHunterPickDay>('GET', '/api/hunter-picks/mine'),
    enabled,
  });
}

/** Makes (or changes) today's pick; /today and the dashboard read it afresh. */
export function usePickToday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: HunterPickInput) => request<HunterPick>('PUT', '/api/hunter-picks/today', input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: hunterKeys.myPickDay() });
      void queryClient.invalidateQueries({ queryKey: hunterKeys.todayPick() });
    },
  });
}
