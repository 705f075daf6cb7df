/**
 * A drop-in for the `react-style-singleton` package (aliased in vite.config.ts), which Radix
 * dialogs use (through react-remove-scroll) to lock page scrolling while a modal is open.
 *
 * The original injects a <style> element, which the server's CSP (style-src 'self', no
 * 'unsafe-inline') blocks: the scroll lock is lost and the console shows a violation. This
 * version adopts a constructed CSSStyleSheet instead: CSSOM, which the CSP allows.
 * Same exports, same behaviour: styles apply while at least one instance is mounted.
 */
import { useEffect, type FC } from 'react';

interface Sheet {
  add: (style: string) => void;
  remove: () => void;
}

function adopt(css: string): () => void {
  if (typeof document === 'undefined') return () => undefined;
  if ('adoptedStyleSheets' in document && typeof CSSStyleSheet !== 'undefined' && 'replaceSync' in CSSStyleSheet.prototype) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return () => {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
    };
  }
  // Very old browsers: fall back to a <style> element, as the original does.
  const tag = document.createElement('style');
  tag.appendChild(document.createTextNode(css));
  document.head.appendChild(tag);
  return () => tag.remove();
}

export function stylesheetSingleton(): Sheet {
  let counter = 0;
  let release: (() => void) | null = null;
  return {
    add(style: string) {
      if (counter === 0) release = adopt(style);
      counter++;
    },
    remove() {
      counter--;
      if (counter === 0 && release) {
        release();
        release = null;
      }
    },
  };
}

export function styleHookSingleton(): (styles: string, isDynamic?: boolean) => void {
  const sheet = stylesheetSingleton();
  return (styles: string, isDynamic?: boolean) => {
    useEffect(() => {
      sheet.add(styles);
      return () => sheet.remove();
      // Same dependency as the original (react-style-singleton): styles are re-applied only when
      // dynamic. A drop-in must behave exactly like what it replaces.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [styles && isDynamic]);
  };
}

export function styleSingleton(): FC<{ styles: string; dynamic?: boolean }> {
  const useStyle = styleHookSingleton();
  const Sheet: FC<{ styles: string; dynamic?: boolean }> = ({ styles, dynamic }) => {
    useStyle(styles, dynamic);
    return null;
  };
  return Sheet;
}
