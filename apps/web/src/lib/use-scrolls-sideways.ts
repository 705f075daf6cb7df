import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether an element's content is wider than the element (it scrolls horizontally), kept up to
 * date as the element or its first child (a table that loads its rows) changes size.
 */
export function useScrollsSideways(ref: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // ResizeObserver reports each observed element once on observe(), so this also sets the first value.
    const observer = new ResizeObserver(() => setScrolls(element.scrollWidth > element.clientWidth));
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}
