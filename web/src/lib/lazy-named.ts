import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * `React.lazy` of a module's named export: our components are named exports, and `lazy` takes a module whose
 * `default` is the component. The module is loaded once however many of its exports are drawn lazily.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- lazy's own bound: any component, whatever its props
export function lazyNamed<Module extends Record<Name, ComponentType<any>>, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): LazyExoticComponent<Module[Name]> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
