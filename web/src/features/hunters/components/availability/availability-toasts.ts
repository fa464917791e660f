import { toast } from '@/components/ui/toast';

/** Every availability change answers with the spec's toasts (section 8). */
export const availabilityToasts = {
  onSuccess: () =>
    toast({ title: 'Availability Updated', description: 'Your availability has been updated successfully.' }),
  onError: () =>
    toast({
      variant: 'destructive',
      title: 'Update Failed',
      description: 'Failed to update availability. Please try again.',
    }),
};
