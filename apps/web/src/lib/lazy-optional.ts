import { lazy, type ComponentType } from 'react';

/**
 * A part of the page loaded as its own download, which the page can do without: a failed
 * download draws nothing instead of reaching the route's error page (the banner strip, the
 * footer, the home page's sections).
 */
export function lazyOptional<P extends object>(load: () => Promise<ComponentType<P>>) {
  const nothing: ComponentType<P> = () => null;
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: nothing }),
    ),
  );
}
