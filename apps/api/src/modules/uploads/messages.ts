/** The image uploads' refusals (the file rules' own are in the contracts): catalogue keys. */
export const uploadsMessages = {
  noImage: 'uploads.noImage',
  badFolder: 'uploads.badFolder',
  tooManyPixels: 'uploads.tooManyPixels',
  tooManyUploads: 'uploads.tooManyUploads',
};
