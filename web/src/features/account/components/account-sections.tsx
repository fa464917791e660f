import { DeleteAccountSection } from './delete-account-section';
import { YourDataSection } from './your-data-section';

/** The account's own sections below the profile form: its data, and its deletion. Drawn after the form (Deferred). */
export function AccountSections({ email }: { email: string }) {
  return (
    <>
      <YourDataSection />
      <DeleteAccountSection email={email} />
    </>
  );
}
