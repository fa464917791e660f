import { Page } from '@/components/ui/page';

export function CreateHunterProfilePage() {
  return (
    <Page
      title="Create Your Hunter Profile"
      description="Tell clients about your style expertise, the sessions you offer and your prices."
    />
  );
}
