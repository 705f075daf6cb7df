import { describe, expect, it, vi } from 'vitest';
import { copyText } from './clipboard';

/** A page without the Clipboard API: what the textarea fallback does, and whether execCommand copies. */
function pageWithoutClipboard(copies: boolean) {
  const areas: { value: string; selected: boolean; inPage: boolean; attributes: Record<string, string> }[] = [];
  const execCommand = vi.fn((_command: string) => copies);
  vi.stubGlobal('navigator', {});
  vi.stubGlobal('document', {
    createElement: () => {
      const area = {
        value: '',
        className: '',
        selected: false,
        inPage: false,
        attributes: {} as Record<string, string>,
        setAttribute: (name: string, value: string) => (area.attributes[name] = value),
        select: () => (area.selected = true),
        remove: () => (area.inPage = false),
      };
      areas.push(area);
      return area;
    },
    body: { appendChild: (area: { inPage: boolean }) => (area.inPage = true) },
    execCommand,
  });
  return { areas, execCommand };
}

describe('copyText', () => {
  it('copies with the Clipboard API where it is there', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    await copyText('REF-1234');
    expect(writeText).toHaveBeenCalledWith('REF-1234');
  });

  it("falls back to a selected, read-only textarea and execCommand('copy'), then takes the textarea away", async () => {
    const { areas, execCommand } = pageWithoutClipboard(true);
    await copyText('REF-1234');
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(areas).toMatchObject([{ value: 'REF-1234', selected: true, inPage: false, attributes: { readonly: '' } }]);
  });

  it('falls back too when the Clipboard API refuses (plain http)', async () => {
    const { execCommand } = pageWithoutClipboard(true);
    vi.stubGlobal('navigator', { clipboard: { writeText: async () => Promise.reject(new Error('NotAllowedError')) } });
    await copyText('REF-1234');
    expect(execCommand).toHaveBeenCalledWith('copy');
  });

  it('fails when the browser refuses the copy as well, and still takes the textarea away', async () => {
    const { areas } = pageWithoutClipboard(false);
    await expect(copyText('REF-1234')).rejects.toThrow('Copy refused');
    expect(areas[0]?.inPage).toBe(false);
  });
});
