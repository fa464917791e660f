import type { AdminBrandInput, Brand } from '@hunted/contracts';
import { BrandForm } from '@/components/brand-form/brand-form';
import { brandFormValuesOf } from '@/components/brand-form/brand-form-values';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { fieldErrorsOf, serverMessageOf } from '@/lib/field-errors';
import { useCreateAdminBrand, useUpdateAdminBrand } from '../api/save-admin-brand';

type SaveResult = Promise<Record<string, string> | null>;

/** Sends through a mutation; a refusal becomes the form's field messages (the toast comes from onError). */
async function saving(send: () => Promise<unknown>): SaveResult {
  try {
    await send();
    return null;
  } catch (error) {
    return fieldErrorsOf(error);
  }
}

function failureToast(fallback: string) {
  return (error: unknown) =>
    toast({ variant: 'destructive', title: 'Error', description: serverMessageOf(error) ?? fallback });
}

export function CreateBrandDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateAdminBrand({
    onSuccess: () => {
      toast({ title: 'Brand created successfully' });
      onOpenChange(false);
    },
    onError: failureToast('Failed to create brand'),
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
          onSubmit={(input: AdminBrandInput) => saving(() => create.mutateAsync(input))}
        />
      </DialogContent>
    </Dialog>
  );
}

export function EditBrandDialog({ brand, onClose }: { brand: Brand | null; onClose: () => void }) {
  const update = useUpdateAdminBrand({
    onSuccess: () => {
      toast({ title: 'Brand updated successfully' });
      onClose();
    },
    onError: failureToast('Failed to update brand'),
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
            onSubmit={(input) => saving(() => update.mutateAsync({ id: brand.id, input }))}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
