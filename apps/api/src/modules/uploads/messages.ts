/** The image uploads' refusals, in the players' language (the file rules' own are in the contracts). */
export const uploadsMessages = {
  noImage: 'Vui lòng chọn hình ảnh.',
  badFolder: 'Thư mục không hợp lệ.',
  tooManyPixels: 'Kích thước hình ảnh quá lớn, vui lòng chọn ảnh nhỏ hơn.',
  tooManyUploads: 'Bạn tải ảnh lên quá nhiều, vui lòng thử lại sau.',
};
