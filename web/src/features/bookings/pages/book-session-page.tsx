import { Page } from '@/components/ui/page';

export function BookSessionPage() {
  return <Page title="Book a Session" description="Choose a session type, a day and a time with your hunter." />;
}
