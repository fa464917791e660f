import { TERMS_ACCEPTANCES_PATH, type AcceptTermsRequest, type TermsAcceptancesResponse } from '@hunted/contracts';
import { request } from '@/lib/api-client';

/** `POST /api/account/terms-acceptances`: records that the member accepted this version (decision 0103). */
export function acceptTerms(body: AcceptTermsRequest): Promise<TermsAcceptancesResponse> {
  return request<TermsAcceptancesResponse>('POST', TERMS_ACCEPTANCES_PATH, body);
}
