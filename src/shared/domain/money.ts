const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** Money is integer pence everywhere; shown as pounds, e.g. 5000 -> "£50.00". */
export function formatPence(pence: number): string {
  return gbp.format(pence / 100);
}

/** Pence as plain pounds with two decimals, for CSV cells and form fields: 3500 -> "35.00". */
export function poundsDecimal(pence: number): string {
  return (pence / 100).toFixed(2);
}
