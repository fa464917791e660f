import type { ReportableKind, ReportInput, ReportReceived } from '@hunted/contracts';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

/** `POST /api/reports/{kind}/{id}`: one report per member and item; the owning service answers (decision 0101). */
export function sendReport({ kind, itemId, ...body }: ReportInput & { kind: ReportableKind; itemId: number }) {
  return request<ReportReceived>('POST', `/api/reports/${kind}/${itemId}`, body);
}

/** Nothing the page shows changes when a report is sent: reports are the admins' to read. */
export function useSendReport() {
  return useMutation({ mutationFn: sendReport });
}
