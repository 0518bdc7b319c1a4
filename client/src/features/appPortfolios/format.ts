/** A month YYYY-MM as the spec shows months: MM/yyyy (spec 002 §9). */
export function formatMonth(month: string): string {
  const [year, monthOfYear] = month.split('-');
  return year && monthOfYear ? `${monthOfYear}/${year}` : month;
}
