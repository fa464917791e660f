import { Page } from '@/components/ui/page';

export function ContactPage() {
  return <Page title="Contact Us" description="Questions, partnerships or feedback: we reply within 24 hours." />;
}
