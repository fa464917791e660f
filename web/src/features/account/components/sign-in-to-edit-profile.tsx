import { UserRound } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/page';
import { goToLogin } from '@/lib/auth';

export function SignInToEditProfile() {
  return (
    <Notice
      icon={<UserRound className="h-6 w-6" aria-hidden />}
      title="Sign in to edit your profile"
      description="Your profile is private to you. Sign in to change your name, photo and Instagram link."
    >
      <Button onClick={goToLogin}>Sign In</Button>
    </Notice>
  );
}
