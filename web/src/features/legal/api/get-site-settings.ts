import { SITE_SETTINGS_ELEMENT_ID, SITE_SETTINGS_PATH, type SiteSettings } from '@hunted/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { legalKeys } from './query-keys';

/** The operator's name, address and email, from the gateway's configuration (OPERATOR_* variables). */
export function getSiteSettings(): Promise<SiteSettings> {
  return request<SiteSettings>('GET', SITE_SETTINGS_PATH);
}

/**
 * The settings a served static page carries (gateway/src/pages/page-document.ts): the app's first render then names
 * the operator as the served page did, so nothing moves or repaints when React takes over (decision 0107).
 */
function servedSiteSettings(): SiteSettings | undefined {
  const text = typeof document === 'undefined' ? null : document.getElementById(SITE_SETTINGS_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as SiteSettings;
  } catch {
    return undefined;
  }
}

export const siteSettingsQueryOptions = () =>
  queryOptions({ queryKey: legalKeys.site(), queryFn: getSiteSettings, initialData: servedSiteSettings });

export function useSiteSettings() {
  return useQuery(siteSettingsQueryOptions());
}
