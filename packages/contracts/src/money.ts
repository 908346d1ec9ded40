/** 50000 -> "50,000": the product's one number style, comma thousands separators. */
export function formatCount(value: number): string {
  const sign = value < 0 ? '-' : '';
  const digits = Math.abs(Math.trunc(value)).toString();
  return `${sign}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}

/** 49000 -> "49,000đ": comma thousands separators and the suffix đ, as the product shows amounts. */
export function formatVnd(amount: number): string {
  return `${formatCount(amount)}đ`;
}
