import type { AdminHunter, HunterDecisionKind, HunterDecisionRequest, HunterRevisionDecisionKind } from '@hunted/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { adminKeys } from './query-keys';

export interface HunterDecisionInput {
  hunterId: number;
  decision: HunterDecisionKind;
  /** Required by the server to reject or suspend; an optional note otherwise. */
  reason?: string;
}

export function decideHunter({ hunterId, decision, reason }: HunterDecisionInput): Promise<AdminHunter> {
  const body: HunterDecisionRequest = reason?.trim() ? { reason: reason.trim() } : {};
  return request<AdminHunter>('POST', `/api/admin/hunters/${hunterId}/${decision}`, body);
}

interface DecisionOptions<Input> {
  onSuccess?: (hunter: AdminHunter, input: Input) => void;
  onError?: (error: unknown) => void;
}

/** A decision moves the hunter between lists (the queue, a status filter) and adds to its history: all are read again. */
function useHunterDecision<Input>(decide: (input: Input) => Promise<AdminHunter>, options: DecisionOptions<Input>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decide,
    onError: options.onError,
    onSuccess: async (hunter: AdminHunter, input: Input) => {
      queryClient.setQueryData(adminKeys.hunter(hunter.id), hunter);
      await queryClient.invalidateQueries({ queryKey: adminKeys.hunters() });
      options.onSuccess?.(hunter, input);
    },
  });
}

export function useDecideHunter(options: DecisionOptions<HunterDecisionInput> = {}) {
  return useHunterDecision(decideHunter, options);
}

export interface RevisionDecisionInput {
  hunterId: number;
  revisionId: number;
  decision: HunterRevisionDecisionKind;
  /** Required by the server to reject; the hunter reads it. */
  reason?: string;
}

/** Approves or rejects a pending change to an approved profile (decision 0089). */
export function decideRevision({ hunterId, revisionId, decision, reason }: RevisionDecisionInput): Promise<AdminHunter> {
  const body: HunterDecisionRequest = reason?.trim() ? { reason: reason.trim() } : {};
  return request<AdminHunter>('POST', `/api/admin/hunters/${hunterId}/revisions/${revisionId}/${decision}`, body);
}

/** As a profile decision: the hunter leaves the queue of changes and its history grows, so both are read again. */
export function useDecideRevision(options: DecisionOptions<RevisionDecisionInput> = {}) {
  return useHunterDecision(decideRevision, options);
}
