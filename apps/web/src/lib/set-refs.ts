import type { Ref } from 'react';

/**
 * Sets each of `refs` to `element`, for one element that two owners track (e.g. a form library
 * and the component): `ref={(element) => setRefs(element, field.ref, inputRef)}`.
 */
export function setRefs<T>(element: T | null, ...refs: (Ref<T> | undefined)[]): void {
  for (const ref of refs) {
    if (typeof ref === 'function') ref(element);
    else if (ref) ref.current = element;
  }
}
