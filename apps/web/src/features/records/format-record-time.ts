function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** yyyy-MM-dd and HH:mm:ss in local time (the product's date format), apart so narrow screens can stack them. */
export function formatRecordTime(iso: string): [string, string] {
  const d = new Date(iso);
  return [`${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`, `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`];
}
