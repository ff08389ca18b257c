import { Suspense, useMemo } from 'react';
import type { SignupPhotoSlot } from '../features/accounts/components/signup-wizard';
import { uploadPhoto } from '../features/photos/api/upload-photo';
import { useApi } from '../lib/api-client';
import { lazyComponent } from './lazy-component';

/** The picker as its own chunk (with the reactstrap parts it uses), for the signup modal of every page. */
const OnDemandPhotoUpload = lazyComponent(
  () => import('../features/photos/components/photo-upload'),
  (m) => m.PhotoUpload,
);

/**
 * The same slot for the layouts' signup modal: the modal only ever opens in the browser (its hash is not sent to the
 * server) and loads its wizard on demand, so the picker loads on demand too instead of riding in every page's entry.
 */
export function useSignupPhotoOnDemand(): SignupPhotoSlot {
  const api = useApi();
  return useMemo<SignupPhotoSlot>(
    () => ({
      renderPicker: ({ onPicked, label }) => (
        <Suspense fallback={null}>
          <OnDemandPhotoUpload onPicked={onPicked} label={label} />
        </Suspense>
      ),
      upload: async (file) => {
        await uploadPhoto(api, file, file.name);
      },
    }),
    [api],
  );
}
