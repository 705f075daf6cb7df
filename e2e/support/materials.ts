import type { Material, MaterialLibrary, Section } from '@ahente/contract/materials';
import { routes } from '@ahente/contract/routes';
import { ADMIN } from './env.ts';
import { loginApi } from './fixtures.ts';

/** The smallest PDF a viewer opens (a catalogue with no pages); `note` goes into a comment line, making each file's bytes its own. */
export function tinyPdf(note = ''): Buffer {
  return Buffer.from(
    `%PDF-1.4\n${note ? `% ${note}\n` : ''}1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n`,
    'latin1',
  );
}

/**
 * The administrator's Learning and Marketing libraries through the API, for a spec that sets up its
 * own sections and files (the Admin Panel's own path is materials.spec's). Signed in as the
 * administrator; `dispose()` when done.
 */
export async function adminMaterialsApi(baseURL: string) {
  const admin = await loginApi(baseURL, ADMIN.username, ADMIN.password);
  return {
    async createSection(name: string, library: MaterialLibrary = 'Learning'): Promise<Section> {
      const res = await admin.csrfPost(routes.createSection.path, { name, library });
      if (!res.ok()) throw new Error(`createsection: ${res.status()} ${await res.text()}`);
      return ((await res.json()) as { section: Section }).section;
    },
    async upload(sectionId: number, name: string, buffer: Buffer, mimeType = 'application/pdf'): Promise<Material> {
      const res = await admin.post(routes.uploadMaterial.path, {
        headers: { 'X-XSRF-TOKEN': await admin.xsrfToken() },
        multipart: { sectionId: String(sectionId), file: { name, mimeType, buffer } },
      });
      if (res.status() !== 201) throw new Error(`uploadmaterial: ${res.status()} ${await res.text()}`);
      return ((await res.json()) as { material: Material }).material;
    },
    dispose: () => admin.dispose(),
  };
}
