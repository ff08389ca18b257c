import { NavigationProgress } from './navigation-progress';
import { ShellHead } from './shell-head';

/** What every layout carries besides its own parts: head tags (manifest, hreflang) and the navigation progress bar. */
export function ShellChrome() {
  return (
    <>
      <ShellHead />
      <NavigationProgress />
    </>
  );
}
