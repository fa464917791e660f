import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { TermsGateProvider } from '@/components/legal/terms-gate';
import { Toaster } from '@/components/ui/toast';
import { createQueryClient } from '@/lib/query-client';

/** `client`: the build's drawing of a static page hands one with the site's settings in (app/shell.tsx). */
export function AppProvider({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <TermsGateProvider>{children}</TermsGateProvider>
      <Toaster />
    </QueryClientProvider>
  );
}
