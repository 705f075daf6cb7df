import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setRefs } from './set-refs';

describe('setRefs', () => {
  it('sets every ref given to the element: callback refs are called, object refs assigned, missing ones skipped', () => {
    const element = { id: 'input' };
    const callback = vi.fn();
    const object = createRef<typeof element>();
    setRefs(element, callback, undefined, object);
    expect(callback).toHaveBeenCalledWith(element);
    expect(object.current).toBe(element);
  });

  it('clears them with null when the element goes', () => {
    const object = createRef<object>();
    const callback = vi.fn();
    setRefs({}, object);
    setRefs(null, object, callback);
    expect(object.current).toBeNull();
    expect(callback).toHaveBeenCalledWith(null);
  });
});
