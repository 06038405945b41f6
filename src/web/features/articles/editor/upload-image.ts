import { imagesApi } from '../../../../shared/api/images';
import { ApiError, apiRequest } from '../../../lib/api';

/** Uploads an image; resolves to its address, or null when the server gave none. */
export async function uploadImage(file: File): Promise<string | null> {
  const form = new FormData();
  form.append(imagesApi.upload.body.file, file);
  try {
    return (await apiRequest(imagesApi.upload, { body: form })).url || null;
  } catch (error) {
    // docs/product.md: an answer without a url is reported to the editor as such, not as a failed upload.
    if (error instanceof ApiError && error.status < 300) return null;
    throw error;
  }
}
