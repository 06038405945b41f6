/** The API paths both sides use; SPEC section 7 and DESIGN.md "API" fix their names. */
export const paths = {
  health: '/api/health',
  stringTable: '/api/string_table_v2',
  setString: '/api/set_string',
  imageUpload: '/api/image_upload',
  image: (id: string, ext: string) => `/api/images/${id}.${ext}`,
} as const;
