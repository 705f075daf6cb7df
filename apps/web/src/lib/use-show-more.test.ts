import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SHOW_MORE_STEP, useShowMore } from './use-show-more';

/** What the hook answers on a list's first render (the server renderer runs a component's hooks once). */
function firstRender<T>(rows: readonly T[], step?: number) {
  let result: ReturnType<typeof useShowMore<T>> | undefined;
  const Probe = () => {
    result = useShowMore(rows, step);
    return null;
  };
  renderToString(createElement(Probe));
  return result!;
}

const rows = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('useShowMore, at first', () => {
  it('shows the first 100 rows of a long list, and says how many more the next step shows', () => {
    const shown = firstRender(rows(250));
    expect(SHOW_MORE_STEP).toBe(100);
    expect(shown.visible).toEqual(rows(100));
    expect(shown.hidden).toBe(150);
    expect(shown.next).toBe(100);
    expect(shown.expanded).toBe(false);
  });

  it('shows a short list whole, with nothing hidden', () => {
    const list = rows(40);
    const shown = firstRender(list);
    expect(shown.visible).toBe(list);
    expect(shown.hidden).toBe(0);
    expect(shown.next).toBe(0);
  });

  it('counts the next step down to the rows left, with a step of its own', () => {
    const shown = firstRender(rows(13), 5);
    expect(shown.visible).toEqual(rows(5));
    expect(shown.hidden).toBe(8);
    expect(shown.next).toBe(5);
    expect(firstRender(rows(7), 5).next).toBe(2);
  });
});
