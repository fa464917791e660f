import { SITE_SETTINGS_PATH, type SiteSettings } from '@hunted/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { legalKeys } from './query-keys';

/** The operator's name, address and email, from the gateway's configuration (OPERATOR_* variables). */
export function getSiteSettings(): Promise<SiteSettings> {
  return request<SiteSettings>('GET', SITE_SETTINGS_PATH);
}

export const siteSettingsQueryOptions = () => queryOptions({ queryKey: legalKeys.site(), queryFn: getSiteSettings });

export function useSiteSettings() {
  return useQuery(siteSettingsQueryOptions());
}
