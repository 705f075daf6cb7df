import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle';

afterEach(() => {
  vi.useRealTimers();
});

describe('whenIdle', () => {
  it('hands the task to requestIdleCallback with its timeout, and cancels it there', () => {
    const requestIdleCallback = vi.fn((_task: () => void, _options: { timeout: number }) => 7);
    const cancelIdleCallback = vi.fn();
    vi.stubGlobal('window', { requestIdleCallback, cancelIdleCallback });
    const task = () => undefined;
    const cancel = whenIdle(task, 5000);
    expect(requestIdleCallback).toHaveBeenCalledWith(task, { timeout: 5000 });
    cancel();
    expect(cancelIdleCallback).toHaveBeenCalledWith(7);
  });

  it('runs the task after a short timer where there is no requestIdleCallback (Safari)', () => {
    vi.useFakeTimers();
    vi.stubGlobal('window', {});
    const task = vi.fn();
    whenIdle(task);
    vi.advanceTimersByTime(199);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledOnce();
  });

  it('never runs a cancelled task', () => {
    vi.useFakeTimers();
    vi.stubGlobal('window', {});
    const task = vi.fn();
    whenIdle(task)();
    vi.advanceTimersByTime(10_000);
    expect(task).not.toHaveBeenCalled();
  });
});
