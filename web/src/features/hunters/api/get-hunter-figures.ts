import type { HunterFigures } from '@hunted/contracts';
import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { hunterKeys } from './query-keys';

/** How many hunters are listed and in how many countries (GET /api/hunters/figures): what `/become-hunter` states. */
export function getHunterFigures(): Promise<HunterFigures> {
  return request<HunterFigures>('GET', '/api/hunters/figures');
}

/** The figures; they move only when a hunter is approved, so a minute-old answer is as good as a new one. */
export function useHunterFigures() {
  return useQuery({ queryKey: hunterKeys.figures(), queryFn: getHunterFigures, staleTime: 60_000 });
}
