/** Pictures staff uploaded are already WebP at the size their page shows: served as they are, not resized again. */
export const isUploaded = (src: string) => src.startsWith('/api/uploads/');
