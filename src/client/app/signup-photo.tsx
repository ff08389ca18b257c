import { useMemo } from 'react';
import type { SignupPhotoSlot } from '../features/accounts/components/signup-wizard';
import { uploadPhoto } from '../features/photos/api/upload-photo';
import { PhotoUpload } from '../features/photos/components/photo-upload';
import { useApi } from '../lib/api-client';

/**
 * Signup step 1's photo: the photos feature's picker and upload, handed to the accounts feature's wizard from here
 * (feature folders do not import each other). The signup page's; its route chunk carries the picker. The layouts'
 * signup modal uses ./signup-photo-on-demand.
 */
export function useSignupPhoto(): SignupPhotoSlot {
  const api = useApi();
  return useMemo<SignupPhotoSlot>(
    () => ({
      renderPicker: ({ onPicked, label }) => <PhotoUpload onPicked={onPicked} label={label} />,
      upload: async (file) => {
        await uploadPhoto(api, file, file.name);
      },
    }),
    [api],
  );
}
