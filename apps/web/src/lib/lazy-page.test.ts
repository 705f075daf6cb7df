import { createElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page';

const module = { Greeting: ({ name }: { name: string }) => createElement('p', null, `Hello, ${name}`) };
/** The page inside a Suspense boundary, as the server renderer writes it (the fallback if it suspends). */
const render = (Page: ReturnType<typeof lazyPage<typeof module, 'Greeting'>>) =>
  renderToString(createElement(Suspense, { fallback: createElement('i', null, 'loading') }, createElement(Page, { name: 'Ana' })));

describe('lazyPage', () => {
  it("loads nothing until asked, and preload answers the module's named component", async () => {
    const load = vi.fn(async () => module);
    const Page = lazyPage(load, 'Greeting');
    expect(load).not.toHaveBeenCalled();
    await expect(Page.preload()).resolves.toEqual({ default: module.Greeting });
    expect(load).toHaveBeenCalledOnce();
  });

  it('suspends while its chunk has not arrived', () => {
    const Page = lazyPage(async () => module, 'Greeting');
    const html = render(Page);
    expect(html).toContain('<i>loading</i>');
    expect(html).not.toContain('Hello');
  });

  it('renders at once, without suspending, once preloaded', async () => {
    const load = vi.fn(async () => module);
    const Page = lazyPage(load, 'Greeting');
    await Page.preload();
    const html = render(Page);
    expect(html).toContain('<p>Hello, Ana</p>');
    expect(html).not.toContain('loading');
    expect(load).toHaveBeenCalledOnce();
  });
});
