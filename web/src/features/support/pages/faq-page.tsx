import { Page } from '@/components/ui/page';

export function FaqPage() {
  return <Page title="Frequently Asked Questions" description="Answers to common questions about Hunted." />;
}
