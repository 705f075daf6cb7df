import { beforeEach, describe, expect, it, vi } from 'vitest';
import { onProfilePhotoRequest, requestProfilePhotoChange } from './profile-photo-request';

beforeEach(() => {
  vi.stubGlobal('window', new EventTarget());
});

describe('the profile photo request', () => {
  it('reaches every listener, each time it is asked', () => {
    const open = vi.fn();
    const alsoOpen = vi.fn();
    onProfilePhotoRequest(open);
    onProfilePhotoRequest(alsoOpen);
    requestProfilePhotoChange();
    requestProfilePhotoChange();
    expect(open).toHaveBeenCalledTimes(2);
    expect(alsoOpen).toHaveBeenCalledTimes(2);
  });

  it('no longer reaches a listener that stopped', () => {
    const open = vi.fn();
    const stop = onProfilePhotoRequest(open);
    stop();
    requestProfilePhotoChange();
    expect(open).not.toHaveBeenCalled();
  });
});
