import type { AdminBrandInput, Brand } from '@hunted/contracts';
import { BrandForm } from '@/components/brand-form/brand-form';
import { brandFormValuesOf } from '@/components/brand-form/brand-form-values';
import { failureToast, fieldErrorsOfSubmission, successToast } from '@/components/form/submit';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { useCreateAdminBrand, useUpdateAdminBrand } from '../api/save-admin-brand';

export function CreateBrandDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateAdminBrand({
    onSuccess: () => {
      successToast('Brand created successfully');
      onOpenChange(false);
    },
    onError: failureToast('Error', 'Failed to create brand'),
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Create New Brand" description="It goes live on the site as soon as you create it.">
        <BrandForm
          withFeaturing
          submitLabel="Create Brand"
          pendingLabel="Creating..."
          pending={create.isPending}
          onCancel={() => onOpenChange(false)}
          onSubmit={(input: AdminBrandInput) => fieldErrorsOfSubmission(create.mutateAsync(input))}
        />
      </DialogContent>
    </Dialog>
  );
}

export function EditBrandDialog({ brand, onClose }: { brand: Brand | null; onClose: () => void }) {
  const update = useUpdateAdminBrand({
    onSuccess: () => {
      successToast('Brand updated successfully');
      onClose();
    },
    onError: failureToast('Error', 'Failed to update brand'),
  });
  return (
    <Dialog open={brand !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {brand ? (
        <DialogContent title="Edit Brand" description={brand.name}>
          <BrandForm
            key={brand.id}
            initialValues={brandFormValuesOf(brand)}
            withFeaturing
            submitLabel="Save Changes"
            pendingLabel="Saving..."
            pending={update.isPending}
            onCancel={onClose}
            onSubmit={(input) => fieldErrorsOfSubmission(update.mutateAsync({ id: brand.id, input }))}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
