/** docs/product.md: text pasted or dropped from files is cut to this many characters per file. */
export const PASTED_FILE_TEXT_LIMIT = 5000;

export function cutFileText(text: string): string {
  // Never leave half of a surrogate pair at the cut.
  return text.slice(0, PASTED_FILE_TEXT_LIMIT).replace(/[\ud800-\udbff]$/, '');
}

/** Only PNG and JPEG: what the server's image upload accepts. */
export const UPLOAD_IMAGE_TYPES = ['image/png', 'image/jpeg'];
export const isUploadableImage = (file: File | { type: string }) => UPLOAD_IMAGE_TYPES.includes(file.type);
export const isTextFile = (file: { type: string; name: string }) => file.type.startsWith('text/') || /\.(txt|md|csv)$/i.test(file.name);
