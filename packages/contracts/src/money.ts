/** 49000 -> "49,000đ": comma thousands separators and the suffix đ, as the product shows amounts. */
export function formatVnd(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const digits = Math.abs(Math.trunc(amount)).toString();
  return `${sign}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}đ`;
}
