import { describe, expect, it, vi } from 'vitest';
import { stylesheetSingleton } from './csp-style-singleton';

/** A constructed stylesheet as the browser has it: its text set by replaceSync. */
class FakeSheet {
  text = '';
  replaceSync(css: string) {
    this.text = css;
  }
}

/** A page that adopts constructed stylesheets (every browser the app supports). */
function modernPage() {
  const page = { adoptedStyleSheets: [] as FakeSheet[] };
  vi.stubGlobal('CSSStyleSheet', FakeSheet);
  vi.stubGlobal('document', page);
  return page;
}

describe('stylesheetSingleton', () => {
  it('adopts the style as a constructed stylesheet (no <style> element, which the CSP blocks)', () => {
    const page = modernPage();
    const sheet = stylesheetSingleton();
    sheet.add('body { overflow: hidden; }');
    expect(page.adoptedStyleSheets.map((s) => s.text)).toEqual(['body { overflow: hidden; }']);
  });

  it('keeps the style while at least one instance is mounted, and removes it with the last', () => {
    const page = modernPage();
    const other = new FakeSheet();
    page.adoptedStyleSheets = [other];
    const sheet = stylesheetSingleton();
    sheet.add('body { overflow: hidden; }');
    sheet.add('body { overflow: hidden; }');
    expect(page.adoptedStyleSheets).toHaveLength(2);
    sheet.remove();
    expect(page.adoptedStyleSheets).toHaveLength(2);
    sheet.remove();
    // The page's other sheets stay.
    expect(page.adoptedStyleSheets).toEqual([other]);
  });

  it('falls back to a <style> element where stylesheets cannot be adopted, and removes it as well', () => {
    const appended: { text: string; removed: boolean }[] = [];
    vi.stubGlobal('document', {
      createElement: () => {
        const tag = {
          text: '',
          removed: false,
          appendChild: (node: { text: string }) => (tag.text += node.text),
          remove: () => (tag.removed = true),
        };
        return tag;
      },
      createTextNode: (text: string) => ({ text }),
      head: { appendChild: (tag: { text: string; removed: boolean }) => appended.push(tag) },
    });
    const sheet = stylesheetSingleton();
    sheet.add('body { overflow: hidden; }');
    expect(appended).toMatchObject([{ text: 'body { overflow: hidden; }', removed: false }]);
    sheet.remove();
    expect(appended[0]?.removed).toBe(true);
  });

  it('does nothing, and fails nothing, where there is no document (the prerender)', () => {
    const sheet = stylesheetSingleton();
    expect(() => {
      sheet.add('body { overflow: hidden; }');
      sheet.remove();
    }).not.toThrow();
  });
});
