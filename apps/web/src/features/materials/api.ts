import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Material, MaterialLibrary, NewSection, Section } from '@ahente/contract/materials';
import { routePaths } from '@ahente/contract/route-paths';
import type { Routes } from '@ahente/contract/routes';
import {
  ApiError,
  NetworkError,
  UnexpectedResponseError,
  call,
  downloadFile,
  ensureCsrfCookie,
  errorText,
  looksLikeCsrfFailure,
  notifyUnauthorized,
  readCookie,
  routeTable,
} from '../../api/client';

/**
 * The materials library (decision 022): sections, a section's materials, upload with progress,
 * download under the original file name, delete, and new sections.
 */

export const materialKeys = {
  all: ['materials'] as const,
  /** Every list of sections (all of them, and each library's). */
  sections: () => ['materials', 'sections'] as const,
  /** One list of sections: a library's, or every section ('all'). */
  sectionList: (library: MaterialLibrary | 'all') => ['materials', 'sections', library] as const,
  list: (sectionId: number) => ['materials', 'list', sectionId] as const,
};

/**
 * GET /api/getsection/{library}: that library's sections, by name; without a library, GET
 * /api/getsection: every section (the admin's panel), each with its library.
 */
export function fetchSections(library?: MaterialLibrary): Promise<Section[]> {
  return library ? call('getLibrarySections', { params: { library } }) : call('getSections', {});
}

/** POST /api/getmaterial { sectionId }: the section's materials, newest first. */
export function fetchMaterials(sectionId: number): Promise<Material[]> {
  return call('getMaterials', { body: { sectionId } });
}

/** The sections of one library (/marketing, /learning), or every section (the Materials Panel). */
export function useSections(library?: MaterialLibrary) {
  return useQuery({ queryKey: materialKeys.sectionList(library ?? 'all'), queryFn: () => fetchSections(library) });
}

export function useMaterials(sectionId: number | null | undefined) {
  return useQuery({
    queryKey: materialKeys.list(sectionId ?? 0),
    queryFn: () => fetchMaterials(sectionId as number),
    enabled: typeof sectionId === 'number',
  });
}

/** POST /api/createsection { name, library }: 200 with the new section; 409 when the name is taken. */
export function useCreateSection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: NewSection) => (await call('createSection', { body: input })).section,
    onSuccess: (section) => {
      // Selectable at once; the reload then brings the server's list and order.
      queryClient.setQueryData<Section[]>(materialKeys.sectionList('all'), (list) =>
        list && !list.some((s) => s.id === section.id) ? [...list, section].sort((a, b) => a.name.localeCompare(b.name)) : list,
      );
      return queryClient.invalidateQueries({ queryKey: materialKeys.sections() });
    },
  });
}

/** DELETE /api/deletematerial/{id} (with the XSRF header, as every unsafe call). */
export function useDeleteMaterial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (material: Material) => {
      await call('deleteMaterial', { params: { id: material.id } });
      return material;
    },
    // Success or not (a 404 means someone else removed it), the list is reloaded.
    onSettled: (_data, _error, material) => queryClient.invalidateQueries({ queryKey: materialKeys.list(material.sectionId) }),
  });
}

export interface UploadInput {
  sectionId: number;
  file: File;
  /** 0–100 while the bytes go up; 100 once they are all sent (the server may still be working). */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The form field of the file (routes.uploadMaterial.multipart.file, checked by the type below). */
const UPLOAD_FILE_FIELD: Routes['uploadMaterial']['multipart']['file'] = 'file';

function sendUpload(input: UploadInput): Promise<{ status: number; body: unknown; statusText: string }> {
  const form = new FormData();
  // Spec §7: title (the file name), type, size, sectionId, file. The server decides the title,
  // type and size from the file itself; they are sent as the spec's client sends them.
  form.append('title', input.file.name);
  form.append('type', input.file.type);
  form.append('size', String(input.file.size));
  form.append('sectionId', String(input.sectionId));
  form.append(UPLOAD_FILE_FIELD, input.file, input.file.name);

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(routePaths.uploadMaterial.method, routePaths.uploadMaterial.path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readCookie('XSRF-TOKEN');
    if (token) xhr.setRequestHeader('X-XSRF-TOKEN', token);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) input.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.upload.onload = () => input.onProgress?.(100);
    xhr.onload = () => resolve({ status: xhr.status, body: parseJson(xhr.responseText), statusText: xhr.statusText });
    xhr.onerror = () => reject(new NetworkError(new Error('Upload failed before the server answered')));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));

    if (input.signal) {
      if (input.signal.aborted) {
        reject(new DOMException('The upload was cancelled', 'AbortError'));
        return;
      }
      input.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}

/**
 * POST /api/uploadmaterial as multipart/form-data through XMLHttpRequest, which, unlike fetch,
 * reports upload progress. 201 is success; anything else throws ApiError (413 too large, 415
 * type not allowed, 400 bad input...) and a lost connection throws NetworkError.
 */
export async function uploadMaterial(input: UploadInput): Promise<Material> {
  const table = routeTable();
  await ensureCsrfCookie();
  let result = await sendUpload(input);
  // A stale XSRF cookie: fetch a fresh one and send once more, as the API client does.
  if (result.status === 403 && looksLikeCsrfFailure(errorText(result.status, result.body))) {
    await ensureCsrfCookie(true);
    input.onProgress?.(0);
    result = await sendUpload(input);
  }
  if (result.status >= 200 && result.status < 300) {
    const parsed = (await table).routes.uploadMaterial.responses[201].safeParse(result.body);
    if (result.status !== 201 || !parsed.success) {
      throw new UnexpectedResponseError(routePaths.uploadMaterial.path, result.status, parsed.error?.issues ?? result.status);
    }
    return parsed.data.material;
  }
  if (result.status === 401) notifyUnauthorized();
  throw new ApiError(result.status, errorText(result.status, result.body, result.statusText), result.body);
}

/** Upload with progress; on success the section's list is reloaded. */
export function useUploadMaterial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadMaterial,
    onSuccess: (material) => queryClient.invalidateQueries({ queryKey: materialKeys.list(material.sectionId) }),
  });
}

/**
 * GET /api/downloadmaterial/{id}, saved under its original name (the Content-Disposition header);
 * the material's title when the header names nothing. Returns the name it was saved under.
 */
export function downloadMaterial(material: Pick<Material, 'id' | 'title'>): Promise<string> {
  return downloadFile('downloadMaterial', { params: { id: material.id } }, material.title || `material-${material.id}`);
}

export function useDownloadMaterial() {
  return useMutation({ mutationFn: downloadMaterial });
}
