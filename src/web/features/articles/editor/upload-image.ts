import { imageUploadResponse } from '../../../../shared/api/images';
import { paths } from '../../../../shared/api/paths';
import { apiRequest } from '../../../lib/api';

/** Uploads an image; resolves to its address, or null when the server gave none. */
export async function uploadImage(file: File): Promise<string | null> {
  const form = new FormData();
  form.append('file', file);
  // The answer is read leniently: a missing url is reported to the editor, not thrown.
  const answer = await apiRequest(paths.imageUpload, imageUploadResponse.partial(), { method: 'POST', multipart: form });
  return answer.url || null;
}
