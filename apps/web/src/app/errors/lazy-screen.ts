import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { isChunkLoadError } from './chunk-load-error';
import { reloadOnceForNewVersion } from './new-version-reload';

/**
 * A screen loaded on demand (docs/product-spec.md §2), from a module's named export. When the module's chunk is
 * gone because a new version was deployed, the page reloads itself once; the error still reaches
 * the error screen, which shows "A fresh version is here!" while the reload happens (or, when
 * the reload did not help, lets the user reload by hand).
 */
export function lazyScreen<Props extends object, Name extends string>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
): LazyExoticComponent<ComponentType<Props>> {
  return lazy(async () => {
    try {
      const module = await load();
      return { default: module[name] };
    } catch (error) {
      if (isChunkLoadError(error)) reloadOnceForNewVersion();
      throw error;
    }
  });
}
