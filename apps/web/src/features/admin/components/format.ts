const dateTime = new Intl.DateTimeFormat('vi-VN', {
  timeZone: 'Asia/Ho_Chi_Minh',
  dateStyle: 'short',
  timeStyle: 'medium',
});

/** Times are stored in UTC and shown in Vietnam's time. */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
