/** A phone number as answers may show it: the network prefix and the last three digits. */
export function maskPhone(phone: string): string {
  return `${phone.slice(0, 3)}****${phone.slice(-3)}`;
}
