import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveBlob } from './save-blob';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('saveBlob', () => {
  it('clicks a hidden download link named as asked, takes it away, and frees the URL a minute later', () => {
    vi.useFakeTimers();
    const links: { href: string; download: string; rel: string; hidden: boolean; clicked: boolean; inPage: boolean }[] = [];
    vi.stubGlobal('window', { setTimeout });
    vi.stubGlobal('document', {
      createElement: (tag: string) => {
        expect(tag).toBe('a');
        const link = {
          href: '',
          download: '',
          rel: '',
          hidden: false,
          clicked: false,
          inPage: false,
          click: () => (link.clicked = link.inPage),
          remove: () => (link.inPage = false),
        };
        links.push(link);
        return link;
      },
      body: { appendChild: (link: { inPage: boolean }) => (link.inPage = true) },
    });
    const create = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:report-1');
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const blob = new Blob(['a,b\n1,2\n'], { type: 'text/csv' });

    saveBlob(blob, 'sales 2026-03.csv');

    expect(create).toHaveBeenCalledWith(blob);
    expect(links).toMatchObject([
      { href: 'blob:report-1', download: 'sales 2026-03.csv', rel: 'noopener', hidden: true, clicked: true, inPage: false },
    ]);
    // Revoked at once, some browsers would cancel the download.
    vi.advanceTimersByTime(59_999);
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(revoke).toHaveBeenCalledWith('blob:report-1');
  });
});
