import { Camera } from 'lucide-react';
import type { ChangeEvent, ReactNode } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { toast } from '@/components/ui/toast';
import { readProfileImage } from '@/lib/read-profile-image';

/**
 * A button that opens the file picker for a profile photo (the user's or the hunter's). The chosen file is checked
 * and read locally; the toasts say what went wrong (spec texts) or that the photo was taken, and `onPhoto` receives
 * it as inline image data, which the form sends with its save.
 */
export function ProfilePhotoButton({
  id,
  children,
  className,
  inputLabel,
  invalid,
  describedBy,
  onPhoto,
}: {
  id: string;
  children: ReactNode;
  className?: string;
  /** The file input's accessible name when the button's text is not enough. */
  inputLabel?: string;
  invalid?: boolean;
  describedBy?: string;
  onPhoto: (dataUrl: string) => void;
}) {
  async function onChosen(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Clearing lets the same file be chosen again after fixing a problem.
    input.value = '';
    if (!file) return;
    const result = await readProfileImage(file);
    if (!result.ok) {
      toast({ variant: 'destructive', title: result.title, description: result.description });
      return;
    }
    onPhoto(result.dataUrl);
    toast({ title: 'Image uploaded', description: 'Save your changes to keep the new photo.' });
  }

  return (
    <label
      htmlFor={id}
      className={buttonClasses({
        variant: 'outline',
        size: 'sm',
        className: cn('cursor-pointer has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-brand-100', className),
      })}
    >
      <Camera className="h-4 w-4" aria-hidden />
      {children}
      <input
        id={id}
        type="file"
        accept="image/*"
        aria-label={inputLabel}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        className="sr-only"
        onChange={(event) => void onChosen(event)}
      />
    </label>
  );
}
